import type { LoginRequest, LoginResponse } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';

/** POST /api/login → { user }: the password is right; a verification code is needed next. */
export function login(input: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/login', input);
}

export function useLogin() {
  return useMutation({ mutationFn: (input: LoginRequest) => withLoading('Entrando...', () => login(input)) });
}
