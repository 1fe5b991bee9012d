import type { LoginRequest } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { LoginUser } from '../../../lib/auth';
import { withLoading } from '../../../lib/loading';

/** POST /api/login → { authToken, user } or { user } (then a verification code is needed). */
export type LoginResponse = { authToken?: string | null; user: LoginUser };

export function login(input: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/login', input);
}

export function useLogin() {
  return useMutation({ mutationFn: (input: LoginRequest) => withLoading('Entrando...', () => login(input)) });
}
