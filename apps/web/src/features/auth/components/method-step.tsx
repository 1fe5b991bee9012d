import ChevronRight from '@mui/icons-material/ChevronRight';
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import SmsOutlined from '@mui/icons-material/SmsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { LoginUser } from '@/lib/auth';
import { useIntention } from '@/lib/intention';
import type { VerificationMethod } from '../api/choose-verification-method';
import { truncateEmail } from './truncate-email';

export { EMAIL_DISPLAY_MAX, truncateEmail } from './truncate-email';

function MethodOption({
  icon,
  title,
  detail,
  disabled,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  detail: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <ButtonBase
      onClick={onClick}
      disabled={disabled}
      sx={{
        width: '100%',
        justifyContent: 'flex-start',
        gap: 2,
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        textAlign: 'left',
        '&:hover': { borderColor: 'primary.main', bgcolor: 'action.hover' },
      }}
    >
      <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      </Box>
      <ChevronRight color="action" />
    </ButtonBase>
  );
}

/** A code already sent in this sign-in: where it went, and the way back to typing it. */
export type SentCode = { method: VerificationMethod; destination: string };

/**
 * Step 2: where to receive the sign-in code. SMS only when the account has a mobile number. After 'Escolher outro
 * método' the code already sent still works: the step says where it went and leads back to it without a new one.
 */
export function MethodStep({
  user,
  email,
  pending,
  sent,
  onChoose,
  onReturnToCode,
  onBack,
}: {
  user: LoginUser;
  email: string;
  pending: boolean;
  sent?: SentCode;
  /** Sends a code (or goes back to a fresh one) under the click's Idempotency-Key; rejects when it failed. */
  onChoose: (method: VerificationMethod, idempotencyKey: string) => unknown;
  onReturnToCode?: () => void;
  onBack: () => void;
}) {
  // One code per click, whatever the fingers do: each method's request is one intention (lib/intention.ts). This
  // step is fetched after the password, so the sign-in page's first load does not carry the hook.
  const intentions = { email: useIntention({ email, method: 'email' }), sms: useIntention({ email, method: 'sms' }) };
  const busy = pending || intentions.email.busy || intentions.sms.busy;
  const choose = (method: VerificationMethod) =>
    void intentions[method].run(async (key) => onChoose(method, key)).catch(() => undefined);
  return (
    <Stack spacing={2}>
      {sent && onReturnToCode ? (
        <Alert
          severity="info"
          action={
            <Button color="inherit" size="small" onClick={onReturnToCode}>
              Digitar o código
            </Button>
          }
        >
          Já enviamos um código {sent.method === 'sms' ? 'por SMS para' : 'para o e-mail'}{' '}
          <strong style={{ overflowWrap: 'anywhere' }}>{sent.destination}</strong>. Ele continua valendo.
        </Alert>
      ) : null}
      <Typography color="text.secondary">
        {sent
          ? 'Ou escolha como receber um novo código:'
          : 'Para sua segurança, enviaremos um código de verificação. Como você prefere recebê-lo?'}
      </Typography>
      <MethodOption
        icon={<EmailOutlined />}
        title="E-mail"
        detail={truncateEmail(email || user.email)}
        disabled={busy}
        onClick={() => choose('email')}
      />
      {user.celular && (
        <MethodOption
          icon={<SmsOutlined />}
          title="SMS"
          detail={user.celular}
          disabled={busy}
          onClick={() => choose('sms')}
        />
      )}
      <Button color="inherit" onClick={onBack} sx={{ alignSelf: 'flex-start' }}>
        Voltar
      </Button>
    </Stack>
  );
}
