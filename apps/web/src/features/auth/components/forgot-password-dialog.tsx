import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { EmailOnlyRequest } from '@prata/domain';
import { useForm, useWatch } from 'react-hook-form';
import { FormTextField } from '@/components/form-fields';
import { applyServerErrors } from '@/lib/form-errors';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { sendPasswordReset } from '../api/request-password-reset';

/** 'Esqueci a senha': asks for the e-mail and sends the reset link. */
export function ForgotPasswordDialog({
  open,
  initialEmail,
  onClose,
}: {
  open: boolean;
  initialEmail: string;
  onClose: () => void;
}) {
  const { control, handleSubmit, setError, reset } = useForm({
    resolver: zodResolver(EmailOnlyRequest),
    values: { email: initialEmail },
  });
  // One e-mail per 'Enviar link', however many clicks: the key follows the e-mail typed.
  const intention = useIntention(useWatch({ control, name: 'email' }));

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const answer = await intention.run((key) => sendPasswordReset(email, key));
      if (!answer) return;
      notify.success(answer.message);
      reset();
      onClose();
    } catch (error) {
      applyServerErrors(error, setError, ['email']);
    }
  });

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="forgot-password-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="forgot-password-title">Esqueci a senha</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.
          </DialogContentText>
          <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="email" autoFocus />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button color="inherit" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" variant="contained" disabled={intention.busy}>
            Enviar link
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
