import type { VerificationCodeRequest, VerifyLoginCodeResponse } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';

/** POST /api/login/verification-code → { authToken, user } */
export function verifyLoginCode(input: VerificationCodeRequest): Promise<VerifyLoginCodeResponse> {
  return api.post<VerifyLoginCodeResponse>('/login/verification-code', input);
}

export function useVerifyLoginCode() {
  return useMutation({
    mutationFn: (input: VerificationCodeRequest) => withLoading('Verificando código...', () => verifyLoginCode(input)),
  });
}
