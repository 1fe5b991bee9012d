import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FormPage } from '@/components/page';
import { CredentialsStep } from '../components/credentials-step';
import {
  loadCodeStep,
  loadMethodStep,
  loadPasskeyStep,
  loadUnverifiedStep,
  type Step,
  useSignIn,
} from '../components/use-sign-in';

const MethodStep = lazy(() => loadMethodStep().then((m) => ({ default: m.MethodStep })));
const CodeStep = lazy(() => loadCodeStep().then((m) => ({ default: m.CodeStep })));
const UnverifiedStep = lazy(() => loadUnverifiedStep().then((m) => ({ default: m.UnverifiedStep })));
const PasskeyStep = lazy(() => loadPasskeyStep().then((m) => ({ default: m.PasskeyStep })));
const SessionExpiredNotice = lazy(() =>
  import('../components/session-expired-notice').then((m) => ({ default: m.SessionExpiredNotice })),
);
const LogoutUnconfirmedNotice = lazy(() =>
  import('../components/logout-unconfirmed-notice').then((m) => ({ default: m.LogoutUnconfirmedNotice })),
);

const TITLES: Record<Step['kind'], string> = {
  credentials: 'Entrar',
  unverified: 'Entrar',
  method: 'Verificação em duas etapas',
  passkey: 'Chave de acesso',
  code: 'Digite o código',
};

/**
 * Sign-in (spec 1 §2.9, §4.3): password, then a code by e-mail or SMS (use-sign-in.ts holds the steps). What follows
 * the password is loaded when the password is sent: the page is many visitors' first, and its first load has a budget
 * (vite.config.ts).
 */
export function LoginPage() {
  const s = useSignIn();
  const { step, credentials, sent, expired } = s;
  // useLogout's mark: the sign-out got no answer from the server
  const logoutUnconfirmed = (useLocation().state as { logoutUnconfirmed?: boolean } | null)?.logoutUnconfirmed === true;
  if (s.signedInOnArrival) return <Navigate to="/" replace />;

  return (
    <FormPage title={TITLES[step.kind]}>
      {logoutUnconfirmed && step.kind === 'credentials' && (
        <Suspense fallback={null}>
          <LogoutUnconfirmedNotice />
        </Suspense>
      )}
      {expired && step.kind === 'credentials' && (
        <Suspense fallback={null}>
          <SessionExpiredNotice />
        </Suspense>
      )}
      {step.kind === 'credentials' && (
        <CredentialsStep defaultValues={credentials} pending={s.loggingIn} onSubmit={s.onCredentials} />
      )}
      <Suspense fallback={null}>
        {step.kind === 'unverified' && <UnverifiedStep user={step.user} />}
        {step.kind === 'passkey' && (
          <PasskeyStep
            credentials={credentials}
            fallbackReadyAt={step.fallbackReadyAt}
            onSignedIn={({ authToken, user }) => s.finish(authToken, user)}
            onUseCode={() => s.setStep({ kind: 'method', user: { ...step.user, celular: null } })}
            onBack={() => s.setStep({ kind: 'credentials' })}
          />
        )}
        {step.kind === 'method' && (
          <MethodStep
            user={step.user}
            email={credentials.email}
            pending={s.sendingCode}
            sent={sent ? { method: sent.method, destination: s.destinationOf(step.user, sent.method) } : undefined}
            onChoose={(method, key) => s.chooseMethod(step.user, method, key)}
            onReturnToCode={() => s.setStep({ kind: 'code', user: step.user })}
            onBack={() => s.setStep({ kind: 'credentials' })}
          />
        )}
        {step.kind === 'code' && sent && (
          <CodeStep
            method={sent.method}
            resendAt={sent.resendAt}
            expiresAt={sent.expiresAt}
            destination={s.destinationOf(step.user, sent.method)}
            pending={s.verifying || s.sendingCode}
            initialCode={sent.draft}
            onCodeChange={s.saveDraft}
            onSubmit={s.onCode}
            onResend={(key) => s.sendCode(step.user, sent.method, key)}
            onChangeMethod={() => s.setStep({ kind: 'method', user: step.user })}
          />
        )}
      </Suspense>
    </FormPage>
  );
}

export const Component = LoginPage;
