import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CODE_RESEND_SECONDS, type VerifyLoginCodeResponse } from '@prata/domain';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { FormPage } from '../../../components/page';
import { PasswordField } from '../../../components/password-field';
import { hasErrorCode, isApiError } from '../../../lib/api';
import { setLoginData, useAuthToken } from '../../../lib/auth-storage';
import { notify } from '../../../lib/notify';
import { type LoginUser, refreshCachedUser, startSession } from '../../../lib/session';
import {
  CodeStep,
  ForgotPasswordDialog,
  MethodStep,
  notifyAccountClosed,
  truncateEmail,
  UnverifiedStep,
  useChooseVerificationMethod,
  useVerifyLoginCode,
  type VerificationMethod,
} from '../../auth';
import { checkEmail, checkPassword } from '../api/checkout';
import { handEmailToCheckout } from '../checkout-state';
import { EMAIL_BENEFITS } from '../labels';

type Step =
  | { kind: 'email' }
  | { kind: 'password' }
  | { kind: 'unverified'; user: LoginUser }
  | { kind: 'method'; user: LoginUser }
  | { kind: 'code'; user: LoginUser; method: VerificationMethod; resendAt: number };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function Benefits() {
  return (
    <Box sx={{ mt: 3, p: 2, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="subtitle2" component="h2" sx={{ mb: 0.5 }}>
        Por que pedimos o seu e-mail?
      </Typography>
      <List dense disablePadding aria-label="Benefícios de informar o e-mail">
        {EMAIL_BENEFITS.map((benefit) => (
          <ListItem key={benefit} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckCircleOutline color="success" fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={benefit} />
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

/**
 * /comprar-prata/{id}/auth (ComprarPrataAuth, spec 1 §2.4): the e-mail first; an account → its password (with
 * 'Esqueci a senha') and the sign-in's code step, as /login; no account → the checkout, the e-mail handed over in
 * sessionStorage (not in the address bar).
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the steps share one state; the rest is JSX
export function BuyAuthPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const token = useAuthToken();
  const checkout = `/comprar-prata/${id}/checkout`;
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const methodRequest = useChooseVerificationMethod();
  const codeRequest = useVerifyLoginCode();

  // Signed in already (or just now, by the code step): straight to the checkout.
  if (token && step.kind !== 'code') return <Navigate to={checkout} replace />;

  const finish = ({ authToken, user }: VerifyLoginCodeResponse) => {
    startSession(authToken, user);
    refreshCachedUser();
    navigate(checkout, { replace: true });
  };

  const onEmail = async (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    if (!typed) return setError('Informe seu e-mail');
    if (!EMAIL_SHAPE.test(typed)) return setError('Informe um e-mail válido');
    setPending(true);
    try {
      const { exists } = await checkEmail(typed);
      if (exists) {
        setStep({ kind: 'password' });
        setError(null);
      } else {
        // the e-mail goes to the checkout through the tab's storage, never in the address bar (issue 27)
        handEmailToCheckout(typed);
        navigate(checkout);
      }
    } catch (failure) {
      const message = isApiError(failure) ? failure.errors?.email?.[0] : undefined;
      if (message) setError(message);
      else notify.error(failure);
    } finally {
      setPending(false);
    }
  };

  const onPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Informe sua senha');
    setPending(true);
    try {
      // The contract answers as POST /api/login (the code comes next); an answer with the token signs in at once.
      const answer = await checkPassword({ email: email.trim(), password });
      const signedIn = answer as Partial<VerifyLoginCodeResponse>;
      if (signedIn.authToken && signedIn.user) return finish({ authToken: signedIn.authToken, user: signedIn.user });
      setLoginData(answer.user);
      setStep(
        answer.user.email_verified_at
          ? { kind: 'method', user: answer.user }
          : { kind: 'unverified', user: answer.user },
      );
    } catch (failure) {
      const closedAt = hasErrorCode(failure, 'ACCOUNT_CLOSED') ? failure.body.closed_at : undefined;
      if (typeof closedAt === 'string' && closedAt) return notifyAccountClosed(closedAt, email.trim());
      const message = isApiError(failure) ? (failure.errors?.password?.[0] ?? failure.errors?.email?.[0]) : undefined;
      if (message) setError(message);
      else notify.error(failure);
    } finally {
      setPending(false);
    }
  };

  /** `key`: the click's intention (MethodStep, CodeStep), so a double click sends one code. */
  const sendCode = (user: LoginUser, method: VerificationMethod, key: string) =>
    methodRequest.mutate(
      { input: { email: email.trim(), password, verificationMethod: method }, key },
      {
        onSuccess: (answer) => {
          if (answer.message) notify.success(answer.message);
          setStep({
            kind: 'code',
            user,
            method: answer.verificationMethod ?? method,
            resendAt: Date.now() + (answer.resendAfterSeconds ?? CODE_RESEND_SECONDS) * 1000,
          });
        },
        onError: (failure) => notify.error(failure),
      },
    );

  const title =
    step.kind === 'method' ? 'Verificação em duas etapas' : step.kind === 'code' ? 'Digite o código' : 'Identificação';

  return (
    <FormPage
      title={title}
      subtitle={
        step.kind === 'email'
          ? 'Informe seu e-mail para continuar a compra. Se você já tem conta, é só entrar com a sua senha.'
          : undefined
      }
    >
      {step.kind === 'email' && (
        <Stack component="form" noValidate spacing={2} onSubmit={onEmail}>
          <TextField
            label="E-mail"
            type="email"
            name="email"
            autoComplete="email"
            required
            autoFocus
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? undefined}
          />
          <Button type="submit" variant="contained" size="large" disabled={pending}>
            Continuar
          </Button>
          <Benefits />
        </Stack>
      )}
      {step.kind === 'password' && (
        <Stack component="form" noValidate spacing={2} onSubmit={onPassword}>
          <Typography color="text.secondary">
            Encontramos uma conta com o e-mail{' '}
            <strong style={{ overflowWrap: 'anywhere' }}>{truncateEmail(email.trim())}</strong>. Entre com a sua senha
            para continuar.
          </Typography>
          <PasswordField
            label="Senha"
            name="password"
            autoComplete="current-password"
            required
            autoFocus
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error ?? undefined}
          />
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
            Entrar e continuar
          </Button>
          <Button
            color="inherit"
            onClick={() => {
              setStep({ kind: 'email' });
              setPassword('');
              setError(null);
            }}
          >
            Usar outro e-mail
          </Button>
          <ForgotPasswordDialog open={forgotOpen} initialEmail={email.trim()} onClose={() => setForgotOpen(false)} />
        </Stack>
      )}
      {step.kind === 'unverified' && <UnverifiedStep user={step.user} />}
      {step.kind === 'method' && (
        <MethodStep
          user={step.user}
          email={email.trim()}
          pending={methodRequest.isPending}
          onChoose={(method, key) => sendCode(step.user, method, key)}
          onBack={() => setStep({ kind: 'password' })}
        />
      )}
      {step.kind === 'code' && (
        <CodeStep
          method={step.method}
          resendAt={step.resendAt}
          destination={step.method === 'sms' && step.user.celular ? step.user.celular : truncateEmail(email.trim())}
          pending={codeRequest.isPending || methodRequest.isPending}
          onSubmit={(code, setCodeError) =>
            codeRequest.mutate(
              { email: email.trim(), code },
              {
                onSuccess: finish,
                onError: (failure) => {
                  const message = isApiError(failure) ? failure.errors?.code?.[0] : undefined;
                  if (message) setCodeError(message);
                  else notify.error(failure);
                },
              },
            )
          }
          onResend={(key) => sendCode(step.user, step.method, key)}
          onChangeMethod={() => setStep({ kind: 'method', user: step.user })}
        />
      )}
    </FormPage>
  );
}

export const Component = BuyAuthPage;
