import type { PasswordResetRequest } from '@prata/domain';
import { useMutation } from '@tanstack/react-query';
import { api, type MessageResponse } from '@/lib/api';
import { withLoading } from '@/lib/loading';

/** POST /api/password/reset { token, email, password, password_confirmation } → { message } */
function resetPassword(input: PasswordResetRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/password/reset', input);
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: PasswordResetRequest) => withLoading('Salvando nova senha...', () => resetPassword(input)),
  });
}
