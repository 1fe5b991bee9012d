import type { VerificationMethodRequest, VerificationMethodResponse, VerificationMethodSchema } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { z } from 'zod';
import { withLoading } from '../../../lib/loading';

export type VerificationMethod = z.infer<typeof VerificationMethodSchema>;

/** POST /api/login/verification-method: sends the sign-in code; calling it again resends it. */
export function chooseVerificationMethod(input: VerificationMethodRequest): Promise<VerificationMethodResponse> {
  return api.post<VerificationMethodResponse>('/login/verification-method', input);
}

export function useChooseVerificationMethod() {
  return useMutation({
    mutationFn: (input: VerificationMethodRequest) =>
      withLoading('Enviando código...', () => chooseVerificationMethod(input)),
  });
}
