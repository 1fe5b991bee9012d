import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { hasErrorCode, isApiError } from '@/lib/api';
import { getToken, isTokenExpired, setLoginData } from '@/lib/auth-storage';
import { notify } from '@/lib/notify';
import { type LoginUser, refreshCachedUser, startSession } from '@/lib/session';
import { clearFormDrafts, expiredSession, forgetExpiredSession, safeReturnPath } from '@/lib/session-expiry';
import { sendVerificationCode, type VerificationMethod } from '../api/choose-verification-method';
import { useLogin } from '../api/login';
import { useVerifyLoginCode } from '../api/verify-login-code';
import { landingPathFor } from '../landing';
import type { LoginInput } from './login-types';
import { truncateEmail } from './truncate-email';
import { codeDeadlines } from '@prata/domain';

// What follows the password (the steps, the code step's form libraries, the closed-account notice) is not part of
// the page's first load: it is fetched when the password is sent, while the server checks it.
export const loadMethodStep = () => import('./method-step');
export const loadCodeStep = () => import('./code-step');
export const loadUnverifiedStep = () => import('./unverified-step');
export const loadPasskeyStep = () => import('./passkey-step');
const loadClosedAccount = () => import('../closed-account');
export type Step =
  | { kind: 'credentials' }
  | { kind: 'unverified'; user: LoginUser }
  | { kind: 'method'; user: LoginUser }
  | { kind: 'passkey'; user: LoginUser; fallbackReadyAt: string | null }
  | { kind: 'code'; user: LoginUser };

/** The code sent in this sign-in: kept while the person goes back to the method choice, so it is never lost. */
type SentCodeState = { method: VerificationMethod; resendAt: number; expiresAt: number; draft: string };

/** The snackbar's "Enviamos um código…": true until the sign-in ends, so it closes when the page is left. */
const CODE_SENT_NOTICE = 'login-code-sent';

/** The session in localStorage was started by this page (not found on arrival): see signedInOnArrival. */
let signedInByThisPage = false;

/** The code of the sign-in's second step: sent by the method chosen, kept while the person goes back to the choice. */
function useLoginCode(credentials: LoginInput, setStep: (step: Step) => void) {
  const [sent, setSent] = useState<SentCodeState | null>(null);
  const saveDraft = useCallback((draft: string) => setSent((s) => (s && s.draft !== draft ? { ...s, draft } : s)), []);
  const [sendingCode, setSendingCode] = useState(false);

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
            ...codeDeadlines(answer),
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

  return { sent, setSent, saveDraft, sendingCode, sendCode, chooseMethod, destinationOf };
}

/**
 * The sign-in's state and calls (spec 1 §2.9, §4.3): the password, then a code by e-mail or SMS (or the passkey). No
 * react-query here (lib/use-request.ts, lib/session.ts): the page is many visitors' first, and its first load has a
 * budget (vite.config.ts).
 */
export function useSignIn() {
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
  const code = useLoginCode(credentials, setStep);
  const { setSent } = code;
  const loginMutation = useLogin();
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

  return {
    ...code,
    ...{ expired, signedInOnArrival, step, setStep, credentials, finish, onCredentials, onCode },
    ...{ loggingIn: loginMutation.isPending, verifying: codeMutation.isPending },
  };
}
