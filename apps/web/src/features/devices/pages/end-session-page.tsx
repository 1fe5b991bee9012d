import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { FormPage } from '@/components/page';
import { RouterLink } from '@/components/router-link';
import { firstError } from '@/lib/api';
import { useEndSessionByLink } from '../api/end-session-by-link';

/**
 * /encerrar-sessao/:token, opened from the new-device e-mail: ends that session without signing in, and says so
 * (opening it again answers the same), and how to change the password.
 */
export function EndSessionPage() {
  const { token = '' } = useParams();
  const ending = useEndSessionByLink(token);

  return (
    <FormPage title="Encerrar sessão">
      {ending.isPending ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>Encerrando a sessão...</Typography>
        </Stack>
      ) : ending.isError ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ErrorOutline color="error" fontSize="large" aria-hidden />
          <Typography role="alert">{firstError(ending.error)}</Typography>
          <Link component={RouterLink} to="/login">
            Ir para o login
          </Link>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <CheckCircleOutline color="success" fontSize="large" aria-hidden />
          <Typography role="status">{ending.data.message}</Typography>
          <Typography color="text.secondary">
            Para trocar a senha sem entrar na conta, use "Esqueci a senha" na tela de login.
          </Typography>
          <Button component={RouterLink} to="/login" variant="contained">
            Ir para o login
          </Button>
        </Stack>
      )}
    </FormPage>
  );
}

export const Component = EndSessionPage;
