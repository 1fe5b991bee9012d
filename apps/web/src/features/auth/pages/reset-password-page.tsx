import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from '@prata/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router';
import { useSearchParams } from '@/lib/search-params';
import { RouterLink } from '@/components/router-link';
import { z } from 'zod';
import { FormPasswordField } from '@/components/form-fields';
import { FormPage } from '@/components/page';
import { applyServerErrors } from '@/lib/form-errors';
import { useResetPassword } from '../api/reset-password';

const ResetForm = z
  .object({
    password: z
      .string()
      .min(1, MESSAGES.newPasswordRequired)
      .min(PASSWORD_MIN, MESSAGES.passwordMin)
      .max(PASSWORD_MAX, MESSAGES.passwordMax),
    password_confirmation: z.string(),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: MESSAGES.passwordsMustMatch,
  });

/** /password/reset/:token?email= (spec 1 §2.10) */
export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [searchParams] = useSearchParams();
  const email = searchParams.get('email') ?? '';
  const [doneMessage, setDoneMessage] = useState<string | null>(null);
  const reset = useResetPassword();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(ResetForm),
    defaultValues: { password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit((values) =>
    reset.mutate(
      { token, email, ...values },
      {
        onSuccess: ({ message }) => setDoneMessage(message),
        onError: (error) => applyServerErrors(error, setError, ['password', 'password_confirmation']),
      },
    ),
  );

  return (
    <FormPage title="Criar nova senha" subtitle="Escolha uma senha com no mínimo 8 caracteres.">
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit}>
        <TextField label="E-mail" value={email} disabled autoComplete="username" />
        <FormPasswordField control={control} name="password" label="Nova senha" autoComplete="new-password" required />
        <FormPasswordField
          control={control}
          name="password_confirmation"
          label="Confirme a nova senha"
          autoComplete="new-password"
          required
        />
        <Button type="submit" variant="contained" size="large" disabled={reset.isPending}>
          Salvar nova senha
        </Button>
      </Stack>
      <Dialog open={doneMessage !== null} aria-labelledby="reset-done-title" aria-describedby="reset-done-text">
        <DialogTitle id="reset-done-title">Senha alterada</DialogTitle>
        <DialogContent>
          <DialogContentText id="reset-done-text">{doneMessage}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button component={RouterLink} to="/login" variant="contained">
            Ir para o login
          </Button>
        </DialogActions>
      </Dialog>
    </FormPage>
  );
}

export const Component = ResetPasswordPage;
