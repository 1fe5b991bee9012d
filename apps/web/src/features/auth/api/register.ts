import type { RegisterRequest, RegisterResponse } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';

/** The account just created, not yet verified. */
export type RegisteredUser = RegisterResponse['user'];

/** POST /api/register as multipart FormData (spec 1 §7). */
export function register(input: RegisterRequest): Promise<RegisterResponse> {
  const form = new FormData();
  form.set('name', input.name);
  form.set('email', input.email);
  form.set('email_confirmation', input.email_confirmation);
  form.set('password', input.password);
  form.set('password_confirmation', input.password_confirmation);
  form.set('account_type', input.account_type);
  if (input.coupon_code) form.set('coupon_code', input.coupon_code);
  return api.post<RegisterResponse>('/register', form);
}

export function useRegister() {
  return useMutation({
    mutationFn: (input: RegisterRequest) => withLoading('Criando sua conta...', () => register(input)),
  });
}
