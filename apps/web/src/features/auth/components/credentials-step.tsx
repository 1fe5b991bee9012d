import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useRef, useState } from 'react';
import { RouterLink } from '@/components/router-link';
import { LightPasswordField, LightTextField } from '@/components/light-text-field';
import { type LoginErrors, validateLogin } from '../login-validation';
import type { LoginInput } from './login-types';

// Fetched on the first click on 'Esqueci a senha' (it brings Dialog, Modal and the form libraries), then kept
// mounted so that its closing transition runs.
const ForgotPasswordDialog = lazy(() =>
  import('./forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);

type Field = keyof LoginInput;

/**
 * Step 1: e-mail and password. Plain state instead of react-hook-form and zod (validateLogin holds LoginRequest's
 * rules): errors show on submit, then follow every keystroke; the first field in error takes the focus.
 */
export function CredentialsStep({
  defaultValues,
  pending,
  onSubmit,
}: {
  defaultValues: LoginInput;
  pending: boolean;
  onSubmit: (values: LoginInput, setFieldError: (field: Field, message: string) => void) => void;
}) {
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotLoaded, setForgotLoaded] = useState(false);
  const [values, setValues] = useState<LoginInput>(defaultValues);
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const change = (field: Field) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(validateLogin(next).errors);
    else if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const setFieldError = (field: Field, message: string) => {
    setErrors((e) => ({ ...e, [field]: message }));
    inputs[field].current?.focus();
  };

  return (
    <>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          const checked = validateLogin(values);
          setErrors(checked.errors);
          const first = (['email', 'password'] as const).find((f) => checked.errors[f]);
          if (first) inputs[first].current?.focus();
          else onSubmit(checked.values, setFieldError);
        }}
      >
        <LightTextField
          name="email"
          label="E-mail"
          type="email"
          autoComplete="username"
          // the page is for this field: the keyboard opens on it
          autoFocus
          required
          value={values.email}
          onChange={change('email')}
          inputRef={inputs.email}
          error={Boolean(errors.email)}
          helperText={errors.email}
        />
        <LightPasswordField
          name="password"
          label="Senha"
          autoComplete="current-password"
          required
          value={values.password}
          onChange={change('password')}
          inputRef={inputs.password}
          error={Boolean(errors.password)}
          helperText={errors.password}
        />
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => {
            setForgotLoaded(true);
            setForgotOpen(true);
          }}
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
      {forgotLoaded && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog open={forgotOpen} initialEmail={values.email} onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
