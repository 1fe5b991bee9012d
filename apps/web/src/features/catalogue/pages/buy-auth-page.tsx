import { Navigate, useParams } from 'react-router';
import { FormPage } from '@/components/page';
import { isApiError } from '@/lib/api';
import { useAuthToken } from '@/lib/auth-storage';
import { notify } from '@/lib/notify';
import { CodeStep, MethodStep, PasskeyStep, truncateEmail, UnverifiedStep } from '@/features/auth';
import { BuyerEmailStep, BuyerPasswordStep } from '../components/buy-auth-steps';
import { type Step, useBuyAuth } from '../components/use-buy-auth';

const TITLES: Partial<Record<Step['kind'], string>> = {
  method: 'Verificação em duas etapas',
  code: 'Digite o código',
  passkey: 'Chave de acesso',
};

/**
 * /comprar-prata/{id}/auth (ComprarPrataAuth, spec 1 §2.4): the e-mail first; an account → its password (with
 * 'Esqueci a senha') and the sign-in's code step, as /login; no account → the checkout (use-buy-auth.ts).
 */
export function BuyAuthPage() {
  const { id = '' } = useParams();
  const token = useAuthToken();
  const checkout = `/comprar-prata/${id}/checkout`;
  const auth = useBuyAuth(checkout);
  const { step } = auth;

  // Signed in already (or just now, by the code step): straight to the checkout.
  if (token && step.kind !== 'code') return <Navigate to={checkout} replace />;

  return (
    <FormPage
      title={TITLES[step.kind] ?? 'Identificação'}
      subtitle={
        step.kind === 'email'
          ? 'Informe seu e-mail para continuar a compra. Se você já tem conta, é só entrar com a sua senha.'
          : undefined
      }
    >
      {step.kind === 'email' && <BuyerEmailStep auth={auth} />}
      {step.kind === 'password' && <BuyerPasswordStep auth={auth} />}
      {step.kind === 'unverified' && <UnverifiedStep user={step.user} />}
      {step.kind === 'passkey' && (
        <PasskeyStep
          credentials={{ email: auth.email.trim(), password: auth.password }}
          fallbackReadyAt={step.fallbackReadyAt}
          onSignedIn={auth.finish}
          onUseCode={() => auth.setStep({ kind: 'method', user: { ...step.user, celular: null } })}
          onBack={() => auth.setStep({ kind: 'password' })}
        />
      )}
      {step.kind === 'method' && (
        <MethodStep
          user={step.user}
          email={auth.email.trim()}
          pending={auth.methodRequest.isPending}
          onChoose={(method, key) => auth.sendCode(step.user, method, key)}
          onBack={() => auth.setStep({ kind: 'password' })}
        />
      )}
      {step.kind === 'code' && (
        <CodeStep
          method={step.method}
          resendAt={step.resendAt}
          expiresAt={step.expiresAt}
          destination={
            step.method === 'sms' && step.user.celular ? step.user.celular : truncateEmail(auth.email.trim())
          }
          pending={auth.codeRequest.isPending || auth.methodRequest.isPending}
          onSubmit={(code, setCodeError) =>
            auth.codeRequest.mutate(
              { email: auth.email.trim(), code },
              {
                onSuccess: auth.finish,
                onError: (failure) => {
                  const message = isApiError(failure) ? failure.errors?.code?.[0] : undefined;
                  if (message) setCodeError(message);
                  else notify.error(failure);
                },
              },
            )
          }
          onResend={(key) => auth.sendCode(step.user, step.method, key)}
          onChangeMethod={() => auth.setStep({ kind: 'method', user: step.user })}
        />
      )}
    </FormPage>
  );
}

export const Component = BuyAuthPage;
