import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RegisterRequest } from '@prata/domain';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useSearchParams } from '@/lib/search-params';
import { RouterLink } from '@/components/router-link';
import { FormPasswordField, FormTextField } from '@/components/form-fields';
import { EmailVerificationNotice } from '@/components/email-verification-notice';
import { FormPage } from '@/components/page';
import { applyServerErrors } from '@/lib/form-errors';
import { useIntention } from '@/lib/intention';
import { notify } from '@/lib/notify';
import { type RegisteredUser, useRegister } from '../api/register';
import { useResendVerificationLink } from '../api/resend-verification-link';

const FIELDS = [
  'name',
  'email',
  'email_confirmation',
  'password',
  'password_confirmation',
  'account_type',
  'coupon_code',
];

function VerificationPending({ user }: { user: RegisteredUser }) {
  const resend = useResendVerificationLink(user.id);
  return (
    <FormPage title="Conta criada">
      <EmailVerificationNotice email={user.email} onResend={resend.resend} resending={resend.isPending}>
        <Button component={RouterLink} to="/login" variant="contained">
          Ir para o login
        </Button>
      </EmailVerificationNotice>
    </FormPage>
  );
}

export function RegisterPage() {
  const [searchParams] = useSearchParams();
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const [registered, setRegistered] = useState<RegisteredUser | null>(null);
  const registerMutation = useRegister();
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(RegisterRequest),
    defaultValues: {
      name: '',
      email: '',
      email_confirmation: '',
      password: '',
      password_confirmation: '',
      account_type: 'individual',
      coupon_code: searchParams.get('cupom') ?? '',
    },
  });

  // One account per filled form: a double click on 'Criar conta' runs once, and a retry carries the same key.
  const intention = useIntention(useWatch({ control }));

  if (registered) return <VerificationPending user={registered} />;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const answer = await intention.run((idempotencyKey) =>
        registerMutation.mutateAsync({ input: values, idempotencyKey }),
      );
      if (!answer) return;
      setRegistered(answer.user);
      if (answer.message) notify.success(answer.message);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <FormPage title="Criar conta" subtitle="Abra sua conta para comprar, guardar e negociar prata.">
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2}>
        <FormTextField control={control} name="name" label="Nome completo" autoComplete="name" required />
        <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="email" required />
        <FormTextField
          control={control}
          name="email_confirmation"
          label="Confirme o e-mail"
          type="email"
          autoComplete="email"
          required
        />
        <FormPasswordField
          control={control}
          name="password"
          label="Senha"
          autoComplete="new-password"
          helperText="No mínimo 8 caracteres"
          required
        />
        <FormPasswordField
          control={control}
          name="password_confirmation"
          label="Confirme a senha"
          autoComplete="new-password"
          required
        />
        <Controller
          control={control}
          name="account_type"
          render={({ field }) => (
            <FormControl>
              <FormLabel id="account-type-label">Tipo de conta</FormLabel>
              <RadioGroup row aria-labelledby="account-type-label" {...field}>
                <FormControlLabel value="individual" control={<Radio />} label="Pessoa física" />
                <FormControlLabel value="company" control={<Radio />} label="Pessoa jurídica" />
              </RadioGroup>
            </FormControl>
          )}
        />
        <FormTextField control={control} name="coupon_code" label="Cupom" helperText="Opcional" autoComplete="off" />
        <FormControlLabel
          control={<Checkbox checked={acceptedTerms} onChange={(event) => setAcceptedTerms(event.target.checked)} />}
          label={
            <Typography variant="body2">
              Li e aceito os{' '}
              <Link component={RouterLink} to="/termos-de-uso" target="_blank">
                termos de uso
              </Link>{' '}
              e a{' '}
              <Link component={RouterLink} to="/privacidade" target="_blank">
                política de privacidade
              </Link>
            </Typography>
          }
        />
        <Button type="submit" variant="contained" size="large" disabled={!acceptedTerms || intention.busy}>
          Criar conta
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          Já tem uma conta?{' '}
          <Link component={RouterLink} to="/login">
            Entrar
          </Link>
        </Typography>
      </Stack>
    </FormPage>
  );
}

export const Component = RegisterPage;
