import type { VerificationCodeRequest, VerifyLoginCodeResponse } from '@prata/domain';
import { api } from '@/lib/api';
import { withLoading } from '@/lib/loading';
import { useRequest } from '@/lib/use-request';

/** POST /api/login/verification-code → { authToken, user } */
function verifyLoginCode(input: VerificationCodeRequest): Promise<VerifyLoginCodeResponse> {
  return api.post<VerifyLoginCodeResponse>('/login/verification-code', input);
}

const send = (input: VerificationCodeRequest) => withLoading('Verificando código...', () => verifyLoginCode(input));

export function useVerifyLoginCode() {
  return useRequest(send);
}
