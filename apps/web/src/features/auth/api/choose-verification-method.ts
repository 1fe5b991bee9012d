import type { VerificationMethodRequest } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';

export type VerificationMethod = 'email' | 'sms';
export type VerificationMethodResponse = {
  verificationMethod?: VerificationMethod;
  message?: string;
  /** the server's resend window (CODE_RESEND_SECONDS; the spec's 60 s by default) */
  resendAfterSeconds?: number;
};

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
