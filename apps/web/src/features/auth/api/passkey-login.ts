import type {
  LoginRequest,
  PasskeyAssertion,
  PasskeyFallbackResponse,
  PasskeyOptionsResponse,
  VerifyLoginCodeResponse,
} from '@prata/domain';
import { api } from '@/lib/api';
import { withLoading } from '@/lib/loading';
import { getAssertion } from '@/features/passkeys/index';

/**
 * The passkey in place of the code: the server's challenge (POST /api/login/passkey/options, after the password
 * again), the browser's passkey dialog, then POST /api/login/passkey → { authToken, user }.
 */
export async function signInWithPasskey(credentials: LoginRequest): Promise<VerifyLoginCodeResponse> {
  const { options } = await withLoading('Preparando a chave de acesso...', () =>
    api.post<PasskeyOptionsResponse>('/login/passkey/options', credentials),
  );
  const credential: PasskeyAssertion = await getAssertion(options);
  return withLoading('Entrando...', () =>
    api.post<VerifyLoginCodeResponse>('/login/passkey', { email: credentials.email, credential }),
  );
}

/** "Perdi minha chave de acesso": POST /api/login/passkey/fallback under the intention's key. */
export const requestPasskeyFallback = (credentials: LoginRequest, idempotencyKey: string) =>
  withLoading('Registrando pedido...', () =>
    api.post<PasskeyFallbackResponse>('/login/passkey/fallback', credentials, {
      headers: { 'Idempotency-Key': idempotencyKey },
    }),
  );
