import type { VerificationMethodRequest, VerificationMethodResponse, VerificationMethodSchema } from '@prata/domain';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { withLoading } from '@/lib/loading';
import { useRequest } from '@/lib/use-request';

export type VerificationMethod = z.infer<typeof VerificationMethodSchema>;

/** POST /api/login/verification-method: sends the sign-in code; calling it again resends it. */
function chooseVerificationMethod(
  input: VerificationMethodRequest,
  idempotencyKey: string,
): Promise<VerificationMethodResponse> {
  // the header by name rather than lib/idempotency.ts's helper: this module is on the sign-in page's first load
  return api.post<VerificationMethodResponse>('/login/verification-method', input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

/** Sends the code under the intention's key (lib/intention.ts): a double click on 'E-mail' or 'Reenviar' sends one. */
export const sendVerificationCode = (input: VerificationMethodRequest, idempotencyKey: string) =>
  withLoading('Enviando código...', () => chooseVerificationMethod(input, idempotencyKey));

const send = ({ input, key }: { input: VerificationMethodRequest; key: string }) =>
  withLoading('Enviando código...', () => chooseVerificationMethod(input, key));

export function useChooseVerificationMethod() {
  return useRequest(send);
}
