import type { VerificationMethodRequest, VerificationMethodResponse, VerificationMethodSchema } from '@prata/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';
import { useRequest } from '../../../lib/use-request';

export type VerificationMethod = z.infer<typeof VerificationMethodSchema>;

/** POST /api/login/verification-method: sends the sign-in code; calling it again resends it. */
export function chooseVerificationMethod(
  input: VerificationMethodRequest,
  idempotencyKey?: string,
): Promise<VerificationMethodResponse> {
  // the header by name rather than lib/idempotency.ts's helper: this module is on the sign-in page's first load
  const headers: Record<string, string> = idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {};
  return api.post<VerificationMethodResponse>('/login/verification-method', input, { headers });
}

/** Sends the code under the intention's key (lib/intention.ts): a double click on 'E-mail' or 'Reenviar' sends one. */
export const sendVerificationCode = (input: VerificationMethodRequest, idempotencyKey: string) =>
  withLoading('Enviando código...', () => chooseVerificationMethod(input, idempotencyKey));

const send = (input: VerificationMethodRequest) =>
  withLoading('Enviando código...', () => chooseVerificationMethod(input));

export function useChooseVerificationMethod() {
  return useRequest(send);
}
