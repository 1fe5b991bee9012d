import type { VerificationMethodRequest, VerificationMethodResponse, VerificationMethodSchema } from '@prata/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';
import { useRequest } from '../../../lib/use-request';

export type VerificationMethod = z.infer<typeof VerificationMethodSchema>;

/** POST /api/login/verification-method: sends the sign-in code; calling it again resends it. */
export function chooseVerificationMethod(input: VerificationMethodRequest): Promise<VerificationMethodResponse> {
  return api.post<VerificationMethodResponse>('/login/verification-method', input);
}

const send = (input: VerificationMethodRequest) =>
  withLoading('Enviando código...', () => chooseVerificationMethod(input));

export function useChooseVerificationMethod() {
  return useRequest(send);
}
