import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { type User, useLogout } from '@/lib/auth';
import { useResendVerificationEmail } from './api/resend-verification-email';

/**
 * Blocks the app for a signed-in person whose e-mail is not verified (spec 1 §4.3): resend the link or sign
 * out. It cannot be dismissed.
 */
export function UnverifiedEmailDialog({ user }: { user: User | undefined }) {
  const resend = useResendVerificationEmail();
  const logout = useLogout();
  const open = Boolean(user && !user.email_verified_at);
  return (
    <Dialog open={open} aria-labelledby="unverified-email-title" aria-describedby="unverified-email-text">
      <DialogTitle id="unverified-email-title">Confirme seu e-mail</DialogTitle>
      <DialogContent>
        <DialogContentText id="unverified-email-text">
          Para usar sua conta, confirme o endereço <strong>{user?.email}</strong> pelo link que enviamos por e-mail. Não
          encontrou a mensagem? Confira a caixa de spam ou peça um novo link.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button color="inherit" onClick={() => void logout()}>
          Sair
        </Button>
        <Button variant="contained" onClick={() => resend.mutate()} disabled={resend.isPending}>
          Reenviar e-mail
        </Button>
      </DialogActions>
    </Dialog>
  );
}
