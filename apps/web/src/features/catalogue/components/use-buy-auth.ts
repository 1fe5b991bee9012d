import type { LoginResponse, VerifyLoginCodeResponse } from '@prata/domain';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { hasErrorCode, isApiError } from '@/lib/api';
import { setLoginData } from '@/lib/auth-storage';
import { notify } from '@/lib/notify';
import { type LoginUser, refreshCachedUser, startSession } from '@/lib/session';
import {
  notifyAccountClosed,
  useChooseVerificationMethod,
  useVerifyLoginCode,
  type VerificationMethod,
} from '@/features/auth';
import { checkEmail, checkPassword } from '../api/checkout';
import { handEmailToCheckout } from '../checkout-state';
import { codeDeadlines } from '@prata/domain';

export type Step =
  | { kind: 'email' }
  | { kind: 'password' }
  | { kind: 'unverified'; user: LoginUser }
  | { kind: 'method'; user: LoginUser }
  | { kind: 'passkey'; user: LoginUser; fallbackReadyAt: string | null }
  | { kind: 'code'; user: LoginUser; method: VerificationMethod; resendAt: number; expiresAt: number };

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Where a password's answer leads: straight in, the e-mail to verify, the passkey, or the code's method. */
function stepAfterPassword(answer: LoginResponse): Step | VerifyLoginCodeResponse {
  // The contract answers as POST /api/login (the code comes next); an answer with the token signs in at once.
  const signedIn = answer as unknown as Partial<VerifyLoginCodeResponse>;
  if (signedIn.authToken && signedIn.user) return { authToken: signedIn.authToken, user: signedIn.user };
  const { user } = answer;
  if (!user.email_verified_at) return { kind: 'unverified', user };
  if (answer.second_step === 'passkey') return { kind: 'passkey', user, fallbackReadyAt: answer.fallback_ready_at };
  // after "Perdi minha chave de acesso" and its wait, the code goes by e-mail only
  return { kind: 'method', user: answer.fallback_ready_at ? { ...user, celular: null } : user };
}

/** A refusal's message for the field it names (`fields`, the first that has one), else a notice. */
function showRefusal(failure: unknown, fields: string[], setError: (message: string) => void) {
  const errors = isApiError(failure) ? failure.errors : undefined;
  const message = fields.map((field) => errors?.[field]?.[0]).find((found) => found !== undefined);
  if (message) setError(message);
  else notify.error(failure);
}

/** The sign-in's code, sent by the method chosen; its answer leads to the code's step. */
function useCodeSender(email: string, password: string, setStep: (step: Step) => void) {
  const methodRequest = useChooseVerificationMethod();
  /** `key`: the click's intention (MethodStep, CodeStep), so a double click sends one code. */
  const sendCode = (user: LoginUser, method: VerificationMethod, key: string) =>
    methodRequest.mutate(
      { input: { email, password, verificationMethod: method }, key },
      {
        onSuccess: (answer) => {
          if (answer.message) notify.success(answer.message);
          setStep({
            kind: 'code',
            user,
            method: answer.verificationMethod ?? method,
            ...codeDeadlines(answer),
          });
        },
        onError: (failure) => notify.error(failure),
      },
    );

  return { methodRequest, sendCode };
}

/**
 * The buyer's identification: the e-mail first; an account → its password and the sign-in's second step (passkey or
 * code), as /login; no account → the checkout, the e-mail handed over in sessionStorage (not in the address bar).
 */
export function useBuyAuth(checkout: string) {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'email' });
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const { methodRequest, sendCode } = useCodeSender(email.trim(), password, setStep);
  const codeRequest = useVerifyLoginCode();

  const finish = ({ authToken, user }: VerifyLoginCodeResponse) => {
    startSession(authToken, user);
    refreshCachedUser();
    navigate(checkout, { replace: true });
  };

  const whilePending = async (send: () => Promise<void>) => {
    setPending(true);
    try {
      await send();
    } finally {
      setPending(false);
    }
  };

  const onEmail = async (event: FormEvent) => {
    event.preventDefault();
    const typed = email.trim();
    if (!typed) return setError('Informe seu e-mail');
    if (!EMAIL_SHAPE.test(typed)) return setError('Informe um e-mail válido');
    await whilePending(async () => {
      try {
        const { exists } = await checkEmail(typed);
        if (exists) {
          setStep({ kind: 'password' });
          setError(null);
        } else {
          // the e-mail goes to the checkout through the tab's storage, never in the address bar
          handEmailToCheckout(typed);
          navigate(checkout);
        }
      } catch (failure) {
        showRefusal(failure, ['email'], setError);
      }
    });
  };

  const onPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError('Informe sua senha');
    await whilePending(async () => {
      try {
        const answer = await checkPassword({ email: email.trim(), password });
        const next = stepAfterPassword(answer);
        if ('authToken' in next) return finish(next);
        setLoginData(answer.user);
        setStep(next);
      } catch (failure) {
        const closedAt = hasErrorCode(failure, 'ACCOUNT_CLOSED') ? failure.body.closed_at : undefined;
        if (typeof closedAt === 'string' && closedAt) return notifyAccountClosed(closedAt, email.trim());
        showRefusal(failure, ['password', 'email'], setError);
      }
    });
  };

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
