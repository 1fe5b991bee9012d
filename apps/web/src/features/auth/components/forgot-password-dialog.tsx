import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { EmailOnlyRequest } from '@prata/domain';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-fields';
import { applyServerErrors } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useRequestPasswordReset } from '../api/request-password-reset';

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
  const request = useRequestPasswordReset();
  const { control, handleSubmit, setError, reset } = useForm({
    resolver: zodResolver(EmailOnlyRequest),
    values: { email: initialEmail },
  });

  const onSubmit = handleSubmit(({ email }) =>
    request.mutate(email, {
      onSuccess: ({ message }) => {
        notify.success(message);
        reset();
        onClose();
      },
      onError: (error) => applyServerErrors(error, setError, ['email']),
    }),
  );

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
          <Button type="submit" variant="contained" disabled={request.isPending}>
            Enviar link
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
