import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { RouterLink } from '@/components/router-link';
import { FormPage } from '@/components/page';
import { firstError } from '@/lib/api';
import { useVerifyEmail } from '../api/verify-email';

export function VerifyEmailPage() {
  const { token = '' } = useParams();
  const verification = useVerifyEmail(token);

  return (
    <FormPage title="Verificação de e-mail">
      {verification.isPending ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={24} aria-hidden />
          <Typography>Verificando seu e-mail...</Typography>
        </Stack>
      ) : verification.isError ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <ErrorOutline color="error" fontSize="large" aria-hidden />
          <Typography role="alert">{firstError(verification.error)}</Typography>
          <Link component={RouterLink} to="/login">
            Ir para o login
          </Link>
        </Stack>
      ) : (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <CheckCircleOutline color="success" fontSize="large" aria-hidden />
          <Typography role="status">{verification.data.message}</Typography>
          <Button component={RouterLink} to="/login" variant="contained">
            Ir para o login
          </Button>
        </Stack>
      )}
    </FormPage>
  );
}

export const Component = VerifyEmailPage;
