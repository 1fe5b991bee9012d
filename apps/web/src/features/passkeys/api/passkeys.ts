import type {
  PasskeyCreatedResponse,
  PasskeyOptionsResponse,
  PasskeyRegistrationCredential,
  PasskeysResponse,
} from '@prata/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFetch, type MessageResponse } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';
import { createCredential } from '../webauthn';

const PASSKEYS_QUERY_KEY = ['passkeys'] as const;

/** GET /api/user/passkeys: the account's passkeys, oldest first. */
const getPasskeys = () => api.get<PasskeysResponse>('/user/passkeys');

export function usePasskeys() {
  return useQuery({ queryKey: PASSKEYS_QUERY_KEY, queryFn: getPasskeys });
}

/**
 * "Criar chave de acesso": the server's options (POST /api/user/passkeys/registration-options, a challenge that
 * creates nothing), the browser's own dialog (navigator.credentials.create), then POST /api/user/passkeys with the
 * intention's key (lib/intention.ts): a double click saves one passkey.
 */
async function createPasskey({ name, key }: { name: string; key: string }): Promise<PasskeyCreatedResponse> {
  const { options } = await api.post<PasskeyOptionsResponse>('/user/passkeys/registration-options');
  const credential = (await createCredential(options)) as PasskeyRegistrationCredential;
  return withLoading('Salvando chave de acesso...', () =>
    api.post<PasskeyCreatedResponse>('/user/passkeys', { name, credential }, idempotent(key)),
  );
}

/** DELETE /api/user/passkeys/{id}, with the password. */
const removePasskey = ({ id, password }: { id: number; password: string }) =>
  withLoading('Removendo chave de acesso...', () =>
    apiFetch<MessageResponse>(`/user/passkeys/${id}`, { method: 'DELETE', body: { password } }),
  );

export function useCreatePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY }),
  });
}

/**
 * GET /api/admin/access: answers OPERATOR_PASSKEY_REQUIRED while the operator must register a passkey before the back
 * office opens (PASSKEYS_REQUIRED_FOR_OPERATORS).
 */
export function useAdminAccess(enabled: boolean) {
  return useQuery({
    queryKey: ['admin-access'],
    queryFn: () => api.get<MessageResponse>('/admin/access'),
    enabled,
    retry: false,
  });
}
