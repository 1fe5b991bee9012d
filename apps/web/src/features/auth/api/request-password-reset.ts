import { useMutation } from '@tanstack/react-query';
import { api, type MessageResponse } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';

/** POST /api/password/email { email } → { message } */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/password/email', { email });
}

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (email: string) => withLoading('Enviando link...', () => requestPasswordReset(email)),
  });
}
