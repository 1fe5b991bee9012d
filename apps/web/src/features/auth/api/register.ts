import type { RegisterRequest, RegisterResponse } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

/** The account just created, not yet verified. */
export type RegisteredUser = RegisterResponse['user'];

/**
 * POST /api/register as multipart FormData (spec 1 §7). The key names the intention (lib/intention.ts): a double
 * click or a retry gets the first answer, so one account and never "Este e-mail já está cadastrado".
 */
function register(input: RegisterRequest, idempotencyKey: string): Promise<RegisterResponse> {
  const form = new FormData();
  form.set('name', input.name);
  form.set('email', input.email);
  form.set('email_confirmation', input.email_confirmation);
  form.set('password', input.password);
  form.set('password_confirmation', input.password_confirmation);
  form.set('account_type', input.account_type);
  if (input.coupon_code) form.set('coupon_code', input.coupon_code);
  return api.post<RegisterResponse>('/register', form, idempotent(idempotencyKey));
}

export function useRegister() {
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: RegisterRequest; idempotencyKey: string }) =>
      withLoading('Criando sua conta...', () => register(input, idempotencyKey)),
  });
}
