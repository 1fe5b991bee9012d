import type { LoginRequest, LoginResponse } from '@prata/domain';
import { api } from '@/lib/api';
import { withLoading } from '@/lib/loading';
import { useRequest } from '@/lib/use-request';

/** POST /api/login → { user }: the password is right; a verification code is needed next. */
function login(input: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/login', input);
}

const send = (input: LoginRequest) => withLoading('Entrando...', () => login(input));

export function useLogin() {
  return useRequest(send);
}
