import { CODE_RESEND_SECONDS, type VerifyLoginCodeResponse } from '@prata/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { hasErrorCode, isApiError } from '../../../lib/api';
import { setLoginData } from '../../../lib/auth-storage';
import { notify } from '../../../lib/notify';
import { type LoginUser, refreshCachedUser, startSession } from '../../../lib/session';
import {
  notifyAccountClosed,
  useChooseVerificationMethod,
  useVerifyLoginCode,
  type VerificationMethod,
} from '../../auth';
import { checkEmail, checkPassword } from '../api/checkout';
import { handEmailToCheckout } from '../checkout-state';

export type Step =
  | { kind: 'email' }
  | { kind: 'password' }
  | { kind: 'unverified'; user: LoginUser }
  | { kind: 'method'; user: LoginUser }
  | { kind: 'passkey'; user: LoginUser; fallbackReadyAt: string | null }
  | { kind: 'code'; user: LoginUser; method: VerificationMethod; resendAt: number };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The buyer's identification: the e-mail first; an account → its password and the sign-in's second step (passkey or
 * code), as /login; no account → the checkout, the e-mail handed over in sessionStorage (not in the address bar).
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the e-mail, the password and the code's request, each short
export function useBuyAuth(checkout: string) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const methodRequest = useChooseVerificationMethod();
  const codeRequest = useVerifyLoginCode();

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
      const signedIn = answer as unknown as Partial<VerifyLoginCodeResponse>;
      if (signedIn.authToken && signedIn.user) return finish({ authToken: signedIn.authToken, user: signedIn.user });
      setLoginData(answer.user);
      const { user } = answer;
      if (!user.email_verified_at) setStep({ kind: 'unverified', user });
      else if (answer.second_step === 'passkey')
        setStep({ kind: 'passkey', user, fallbackReadyAt: answer.fallback_ready_at });
      // after "Perdi minha chave de acesso" and its wait, the code goes by e-mail only
      else setStep({ kind: 'method', user: answer.fallback_ready_at ? { ...user, celular: null } : user });
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

  return {
    step,
    setStep,
    email,
    setEmail: (typed: string) => {
      setEmail(typed);
      setError(null);
    },
    password,
    setPassword: (typed: string) => {
      setPassword(typed);
      setError(null);
    },
    error,
    pending,
    forgotOpen,
    setForgotOpen,
    methodRequest,
    codeRequest,
    finish,
    onEmail,
    onPassword,
    sendCode,
    useAnotherEmail: () => {
      setStep({ kind: 'email' });
      setPassword('');
      setError(null);
    },
  };
}
