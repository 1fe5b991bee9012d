import { CODE_RESEND_SECONDS } from '@prata/domain';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { FormPage } from '../../../components/page';
import { hasErrorCode, isApiError } from '../../../lib/api';
import { getToken, isTokenExpired, setLoginData } from '../../../lib/auth-storage';
import { clearFormDrafts, expiredSession, forgetExpiredSession, safeReturnPath } from '../../../lib/session-expiry';
import { notify } from '../../../lib/notify';
import { type LoginUser, refreshCachedUser, startSession } from '../../../lib/session';
import { type VerificationMethod, sendVerificationCode } from '../api/choose-verification-method';
import { useLogin } from '../api/login';
import { useVerifyLoginCode } from '../api/verify-login-code';
import { CredentialsStep } from '../components/credentials-step';
import type { LoginInput } from '../components/login-types';
import { truncateEmail } from '../components/truncate-email';
import { landingPathFor } from '../landing';

// What follows the password (the steps, the code step's form libraries, the closed-account notice) is not part of
// the page's first load: it is fetched when the password is sent, while the server checks it.
const loadMethodStep = () => import('../components/method-step');
const loadCodeStep = () => import('../components/code-step');
const loadUnverifiedStep = () => import('../components/unverified-step');
const loadPasskeyStep = () => import('../components/passkey-step');
const loadClosedAccount = () => import('../closed-account');
const MethodStep = lazy(() => loadMethodStep().then((m) => ({ default: m.MethodStep })));
const CodeStep = lazy(() => loadCodeStep().then((m) => ({ default: m.CodeStep })));
const UnverifiedStep = lazy(() => loadUnverifiedStep().then((m) => ({ default: m.UnverifiedStep })));
const PasskeyStep = lazy(() => loadPasskeyStep().then((m) => ({ default: m.PasskeyStep })));
const SessionExpiredNotice = lazy(() =>
  import('../components/session-expired-notice').then((m) => ({ default: m.SessionExpiredNotice })),
);

type Step =
  | { kind: 'credentials' }
  | { kind: 'unverified'; user: LoginUser }
  | { kind: 'method'; user: LoginUser }
  | { kind: 'passkey'; user: LoginUser; fallbackReadyAt: string | null }
  | { kind: 'code'; user: LoginUser };

/** The code sent in this sign-in: kept while the person goes back to the method choice, so it is never lost. */
type SentCodeState = { method: VerificationMethod; resendAt: number; draft: string };

const TITLES: Record<Step['kind'], string> = {
  credentials: 'Entrar',
  unverified: 'Entrar',
  method: 'Verificação em duas etapas',
  passkey: 'Chave de acesso',
  code: 'Digite o código',
};

/** The snackbar's "Enviamos um código…": true until the sign-in ends, so it closes when the page is left. */
const CODE_SENT_NOTICE = 'login-code-sent';

/** The session in localStorage was started by this page (not found on arrival): see signedInOnArrival. */
let signedInByThisPage = false;

/**
 * Sign-in (spec 1 §2.9, §4.3): password, then a code by e-mail or SMS. No react-query here (lib/use-request.ts,
 * lib/session.ts): the page is many visitors' first, and its first load has a budget (vite.config.ts).
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the steps share one form; the rest is JSX
export function LoginPage() {
  const navigate = useNavigate();
  // Sent here by an expired session: say so, and return where the person was (path and query, this app's only).
  // Only then: after 'Sair' the sign-in starts afresh at the landing, whatever page the logout left.
  const [expired] = useState(expiredSession);
  const returnTo = safeReturnPath(expired?.from);
  // Someone already signed in who opens /login goes home. Decided once, on arrival: the token this page stores
  // at the end of the sign-in must not race the page's own navigation, even when the page is mounted again while the
  // landing's chunk loads (an operator sent home instead of to /admin).
  const [signedInOnArrival] = useState(() => {
    const token = getToken();
    if (token === null) signedInByThisPage = false;
    return token !== null && !isTokenExpired(token) && !signedInByThisPage;
  });
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const [credentials, setCredentials] = useState<LoginInput>({ email: '', password: '' });
  const [sent, setSent] = useState<SentCodeState | null>(null);
  const saveDraft = useCallback((draft: string) => setSent((s) => (s && s.draft !== draft ? { ...s, draft } : s)), []);
  const loginMutation = useLogin();
  const [sendingCode, setSendingCode] = useState(false);
  const codeMutation = useVerifyLoginCode();

  // Signed in, or gone elsewhere: "Enviamos um código…" is no longer news, and a later sign-in starts afresh.
  useEffect(
    () => () => {
      notify.dismiss(CODE_SENT_NOTICE);
      forgetExpiredSession();
    },
    [],
  );

  const finish = (authToken: string, user: LoginUser) => {
    notify.dismiss(CODE_SENT_NOTICE);
    signedInByThisPage = true;
    forgetExpiredSession();
    // Another person signing in on this tab does not find the first one's typed amounts.
    if (expired && expired.userId !== user.id) clearFormDrafts();
    startSession(authToken, user);
    refreshCachedUser();
    const staff = Boolean(user.staff_roles?.length);
    navigate(returnTo && (!staff || returnTo.startsWith('/admin')) ? returnTo : landingPathFor(user), {
      replace: true,
    });
  };

  const onCredentials = (values: LoginInput, setFieldError: (field: 'email' | 'password', message: string) => void) => {
    // A code sent to this account minutes ago still works after 'Voltar'; another account's does not.
    if (values.email.trim().toLowerCase() !== credentials.email.trim().toLowerCase()) setSent(null);
    setCredentials(values);
    void loadMethodStep();
    void loadCodeStep();
    void loadUnverifiedStep();
    void loadPasskeyStep();
    void loadClosedAccount();
    loginMutation.mutate(values, {
      // The password is right; the session starts only after the code (POST /api/login answers no token).
      onSuccess: ({ user, second_step, fallback_ready_at }) => {
        setLoginData(user);
        if (!user.email_verified_at) setStep({ kind: 'unverified', user });
        else if (second_step === 'passkey') setStep({ kind: 'passkey', user, fallbackReadyAt: fallback_ready_at });
        // after "Perdi minha chave de acesso" and its wait, the code goes by e-mail only
        else setStep({ kind: 'method', user: fallback_ready_at ? { ...user, celular: null } : user });
      },
      onError: (error) => {
        const closedAt = hasErrorCode(error, 'ACCOUNT_CLOSED') ? error.body.closed_at : undefined;
        if (typeof closedAt === 'string' && closedAt) {
          loadClosedAccount().then(
            (m) => m.notifyAccountClosed(closedAt, values.email),
            () => notify.error(error),
          );
          return;
        }
        const fieldError = isApiError(error) ? error.errors : undefined;
        const field = fieldError?.email ? 'email' : fieldError?.password ? 'password' : undefined;
        const message = field ? fieldError?.[field]?.[0] : undefined;
        if (field && message) setFieldError(field, message);
        else notify.error(error);
      },
    });
  };

  /** The steps hold the intention (one key per click, lib/intention.ts); a failure is told here and rejected. */
  const sendCode = (user: LoginUser, method: VerificationMethod, idempotencyKey: string) => {
    setSendingCode(true);
    return sendVerificationCode({ ...credentials, verificationMethod: method }, idempotencyKey)
      .finally(() => setSendingCode(false))
      .then(
        (answer) => {
          if (answer.message) notify.success(answer.message, { key: CODE_SENT_NOTICE });
          // A new code kills the previous one: the digits typed for it go too.
          setSent({
            method: answer.verificationMethod ?? method,
            resendAt: Date.now() + (answer.resendAfterSeconds ?? CODE_RESEND_SECONDS) * 1000,
            draft: '',
          });
          setStep({ kind: 'code', user });
        },
        (error: unknown) => {
          notify.error(error);
          throw error;
        },
      );
  };

  /** The same method again while its code is fresh goes back to that code; anything else asks for a new one. */
  const chooseMethod = (user: LoginUser, method: VerificationMethod, idempotencyKey: string) => {
    if (sent && sent.method === method && Date.now() < sent.resendAt) return setStep({ kind: 'code', user });
    return sendCode(user, method, idempotencyKey);
  };

  const destinationOf = (user: LoginUser, method: VerificationMethod) =>
    method === 'sms' && user.celular ? user.celular : truncateEmail(credentials.email);

  const onCode = (code: string, setCodeError: (message: string) => void) =>
    codeMutation.mutate(
      { email: credentials.email, code },
      {
        onSuccess: ({ authToken, user }) => finish(authToken, user),
        onError: (error) => {
          const message = isApiError(error) ? error.errors?.code?.[0] : undefined;
          if (message) setCodeError(message);
          else notify.error(error);
        },
      },
    );

  if (signedInOnArrival) return <Navigate to="/" replace />;

  return (
    <FormPage title={TITLES[step.kind]}>
      {expired && step.kind === 'credentials' && (
        <Suspense fallback={null}>
          <SessionExpiredNotice />
        </Suspense>
      )}
      {step.kind === 'credentials' && (
        <CredentialsStep defaultValues={credentials} pending={loginMutation.isPending} onSubmit={onCredentials} />
      )}
      <Suspense fallback={null}>
        {step.kind === 'unverified' && <UnverifiedStep user={step.user} />}
        {step.kind === 'passkey' && (
          <PasskeyStep
            credentials={credentials}
            fallbackReadyAt={step.fallbackReadyAt}
            onSignedIn={({ authToken, user }) => finish(authToken, user)}
            onUseCode={() => setStep({ kind: 'method', user: { ...step.user, celular: null } })}
            onBack={() => setStep({ kind: 'credentials' })}
          />
        )}
        {step.kind === 'method' && (
          <MethodStep
            user={step.user}
            email={credentials.email}
            pending={sendingCode}
            sent={sent ? { method: sent.method, destination: destinationOf(step.user, sent.method) } : undefined}
            onChoose={(method, key) => chooseMethod(step.user, method, key)}
            onReturnToCode={() => setStep({ kind: 'code', user: step.user })}
            onBack={() => setStep({ kind: 'credentials' })}
          />
        )}
        {step.kind === 'code' && sent && (
          <CodeStep
            method={sent.method}
            resendAt={sent.resendAt}
            destination={destinationOf(step.user, sent.method)}
            pending={codeMutation.isPending || sendingCode}
            initialCode={sent.draft}
            onCodeChange={saveDraft}
            onSubmit={onCode}
            onResend={(key) => sendCode(step.user, sent.method, key)}
            onChangeMethod={() => setStep({ kind: 'method', user: step.user })}
          />
        )}
      </Suspense>
    </FormPage>
  );
}

export const Component = LoginPage;
