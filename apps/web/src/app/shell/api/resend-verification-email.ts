import { useMutation } from '@tanstack/react-query';
import { api, type MessageResponse } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';
import { notify } from '../../../lib/notify';

/** GET /api/email/resend → { message }: a new verification link for the signed-in user. */
export function resendVerificationEmail(): Promise<MessageResponse> {
  return api.get<MessageResponse>('/email/resend');
}

export function useResendVerificationEmail() {
  return useMutation({
    mutationFn: () => withLoading('Enviando e-mail...', resendVerificationEmail),
    onSuccess: ({ message }) => notify.success(message),
    onError: (error) => notify.error(error),
  });
}
