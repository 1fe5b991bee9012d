import { api, type MessageResponse } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';
import { useRequest } from '../../../lib/use-request';

/** POST /api/password/email { email } → { message } */
export function requestPasswordReset(email: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/password/email', { email });
}

const send = (email: string) => withLoading('Enviando link...', () => requestPasswordReset(email));

/** Plain request state: the dialog opens from the sign-in page, which has no query client. */
export function useRequestPasswordReset() {
  return useRequest(send);
}
