import { useMutation } from '@tanstack/react-query';
import { api, type MessageResponse } from '@/lib/api';
import { withLoading } from '@/lib/loading';

/** PUT /api/user/close-account → { message }; 422 { message } while the customer holds money or silver. */
function closeAccount(): Promise<MessageResponse> {
  return api.put<MessageResponse>('/user/close-account');
}

export function useCloseAccount() {
  return useMutation({ mutationFn: () => withLoading('Encerrando sua conta...', closeAccount) });
}
