import { CODE_RESEND_SECONDS, formatDateTimeBR, isoToBrDate } from '@prata/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { EmailVerificationNotice } from '../../../components/email-verification-notice';
import { FormPage } from '../../../components/page';
import { isApiError } from '../../../lib/api';
import { type LoginUser, USER_QUERY_KEY, useStartSession } from '../../../lib/auth';
import { getToken, isTokenExpired, setLoginData } from '../../../lib/auth-storage';
import { notify } from '../../../lib/notify';
import { type VerificationMethod, useChooseVerificationMethod } from '../api/choose-verification-method';
import { useLogin } from '../api/login';
import { reopenAccountAndNotify } from '../api/reopen-account';
import { useResendVerificationLink } from '../api/resend-verification-link';
import { useVerifyLoginCode } from '../api/verify-login-code';
import { CodeStep } from '../components/code-step';
import { CredentialsStep } from '../components/credentials-step';
import type { LoginInput } from '../components/login-types';
import { MethodStep, truncateEmail } from '../components/method-step';
import { AUTH_MESSAGES } from '../messages';

type Step =
  | { kind: 'credentials' }
  | { kind: 'unverified'; user: LoginUser }
  | { kind: 'method'; user: LoginUser }
  | { kind: 'code'; user: LoginUser; method: VerificationMethod; resendAfterSeconds: number };

const TITLES: Record<Step['kind'], string> = {
  credentials: 'Entrar',
  unverified: 'Entrar',
  method: 'Verificação em duas etapas',
  code: 'Digite o código',
};

/** dd/mm/yyyy; an instant is read in Brazil's time zone, a plain date as written. */
function closedDate(closedAt: string): string {
  return closedAt.includes('T') ? formatDateTimeBR(closedAt).slice(0, 10) : isoToBrDate(closedAt);
}

/** Sign-in (spec 1 §2.9, §4.3): password, then a code by e-mail or SMS. */
export function LoginPage() {
  const navigate = useNavigate();
  // Someone already signed in who opens /login goes home. Decided once, on arrival: the token this page stores
  // at the end of the sign-in must not race the page's own navigation.
  const [signedInOnArrival] = useState(() => {
    const token = getToken();
    return token !== null && !isTokenExpired(token);
  });
  const queryClient = useQueryClient();
  const startSession = useStartSession();
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [credentials, setCredentials] = useState<LoginInput>({ email: '', password: '' });
  const loginMutation = useLogin();
  const methodMutation = useChooseVerificationMethod();
  const codeMutation = useVerifyLoginCode();
  const resendLink = useResendVerificationLink();

  const finish = (authToken: string, user: LoginUser) => {
    startSession(authToken, user);
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    navigate(user.registration_complete === false ? '/register/finish' : '/', { replace: true });
  };

  const onCredentials = (values: LoginInput, setFieldError: (field: 'email' | 'password', message: string) => void) => {
    setCredentials(values);
    loginMutation.mutate(values, {
      onSuccess: ({ authToken, user }) => {
        if (authToken) return finish(authToken, user);
        setLoginData(user);
        setStep(user.email_verified_at ? { kind: 'method', user } : { kind: 'unverified', user });
      },
      onError: (error) => {
        const closedAt = isApiError(error, 403) ? error.body.closed_at : undefined;
        if (typeof closedAt === 'string' && closedAt) {
          notify.error(AUTH_MESSAGES.accountClosedOn(closedDate(closedAt)), {
            action: { label: AUTH_MESSAGES.reopenAccount, onClick: () => void reopenAccountAndNotify(values.email) },
          });
          return;
        }
        const fieldError = isApiError(error, 422) ? error.errors : undefined;
        const field = fieldError?.email ? 'email' : fieldError?.password ? 'password' : undefined;
        const message = field ? fieldError?.[field]?.[0] : undefined;
        if (field && message) setFieldError(field, message);
        else notify.error(error);
      },
    });
  };

  const sendCode = (user: LoginUser, method: VerificationMethod) =>
    new Promise<boolean>((resolve) =>
      methodMutation.mutate(
        { ...credentials, verificationMethod: method },
        {
          onSuccess: (answer) => {
            if (answer.message) notify.success(answer.message);
            setStep({
              kind: 'code',
              user,
              method: answer.verificationMethod ?? method,
              resendAfterSeconds: answer.resendAfterSeconds ?? CODE_RESEND_SECONDS,
            });
            resolve(true);
          },
          onError: (error) => {
            notify.error(error);
            resolve(false);
          },
        },
      ),
    );

  const onCode = (code: string, setCodeError: (message: string) => void) =>
    codeMutation.mutate(
      { email: credentials.email, code },
      {
        onSuccess: ({ authToken, user }) => finish(authToken, user),
        onError: (error) => {
          const message = isApiError(error, 422) ? error.errors?.code?.[0] : undefined;
          if (message) setCodeError(message);
          else notify.error(error);
        },
      },
    );

  if (signedInOnArrival) return <Navigate to="/" replace />;

  return (
    <FormPage title={TITLES[step.kind]}>
      {step.kind === 'credentials' && (
        <CredentialsStep defaultValues={credentials} pending={loginMutation.isPending} onSubmit={onCredentials} />
      )}
      {step.kind === 'unverified' && (
        <EmailVerificationNotice
          email={step.user.email}
          onResend={() => resendLink.mutate(step.user.id)}
          resending={resendLink.isPending}
        />
      )}
      {step.kind === 'method' && (
        <MethodStep
          user={step.user}
          email={credentials.email}
          pending={methodMutation.isPending}
          onChoose={(method) => void sendCode(step.user, method)}
          onBack={() => setStep({ kind: 'credentials' })}
        />
      )}
      {step.kind === 'code' && (
        <CodeStep
          method={step.method}
          resendAfterSeconds={step.resendAfterSeconds}
          destination={
            step.method === 'sms' && step.user.celular ? step.user.celular : truncateEmail(credentials.email)
          }
          pending={codeMutation.isPending || methodMutation.isPending}
          onSubmit={onCode}
          onResend={() => sendCode(step.user, step.method)}
          onChangeMethod={() => setStep({ kind: 'method', user: step.user })}
        />
      )}
    </FormPage>
  );
}

export const Component = LoginPage;
