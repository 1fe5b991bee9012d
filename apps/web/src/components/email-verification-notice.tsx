import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** 'Verificação de e-mail': the link is on its way; the person can ask for another one. */
export function EmailVerificationNotice({
  email,
  onResend,
  resending,
  children,
}: {
  email: string;
  onResend: () => void;
  resending: boolean;
  children?: ReactNode;
}) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }} role="region" aria-labelledby="email-verification-title">
      <Box
        sx={{
          width: 48,
          height: 48,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(0,121,107,0.1)',
          color: 'secondary.main',
        }}
      >
        <MarkEmailUnreadOutlined />
      </Box>
      <Typography id="email-verification-title" variant="h3" component="h2">
        Verificação de e-mail
      </Typography>
      <Typography>
        Enviamos um link de verificação para <strong>{email}</strong>. Abra o e-mail e clique no link para confirmar seu
        endereço. Sua conta só pode ser usada depois dessa confirmação.
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Não recebeu? Confira a caixa de spam ou peça um novo link.
      </Typography>
      <Button variant="text" onClick={onResend} disabled={resending} sx={{ px: 0 }}>
        Reenviar link de verificação
      </Button>
      {children}
    </Stack>
  );
}
