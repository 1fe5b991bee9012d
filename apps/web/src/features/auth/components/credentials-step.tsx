import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LoginRequest } from '@prata/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { FormPasswordField, FormTextField } from '../../../components/form-fields';
import type { LoginInput } from './login-types';
import { ForgotPasswordDialog } from './forgot-password-dialog';

/** Step 1: e-mail and password. */
export function CredentialsStep({
  defaultValues,
  pending,
  onSubmit,
}: {
  defaultValues: LoginInput;
  pending: boolean;
  onSubmit: (values: LoginInput, setFieldError: (field: 'email' | 'password', message: string) => void) => void;
}) {
  const [forgotOpen, setForgotOpen] = useState(false);
  const { control, handleSubmit, getValues, setError } = useForm({
    resolver: zodResolver(LoginRequest),
    defaultValues,
  });

  return (
    <>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={handleSubmit((values) =>
          onSubmit(values, (field, message) => setError(field, { type: 'server', message }, { shouldFocus: true })),
        )}
      >
        <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="username" required />
        <FormPasswordField control={control} name="password" label="Senha" autoComplete="current-password" required />
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => setForgotOpen(true)}
          sx={{ alignSelf: 'flex-end' }}
        >
          Esqueci a senha
        </Link>
        <Button type="submit" variant="contained" size="large" disabled={pending}>
          Entrar
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          Ainda não tem conta?{' '}
          <Link component={RouterLink} to="/register">
            Criar conta
          </Link>
        </Typography>
      </Stack>
      <ForgotPasswordDialog open={forgotOpen} initialEmail={getValues('email')} onClose={() => setForgotOpen(false)} />
    </>
  );
}
