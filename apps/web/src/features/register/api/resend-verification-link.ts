import { useMutation } from '@tanstack/react-query';
import { api, type MessageResponse } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';
import { notify } from '../../../lib/notify';

/** GET /api/register/verify/{userId} → { message }: sends the verification link again. */
export function resendVerificationLink(userId: number): Promise<MessageResponse> {
  return api.get<MessageResponse>(`/register/verify/${encodeURIComponent(String(userId))}`);
}

export function useResendVerificationLink() {
  return useMutation({
    mutationFn: (userId: number) => withLoading('Enviando link...', () => resendVerificationLink(userId)),
    onSuccess: ({ message }) => notify.success(message),
    onError: (error) => notify.error(error),
  });
}
