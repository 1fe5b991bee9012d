import { api, type MessageResponse } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';
import { notify } from '../../../lib/notify';
import { useRequest } from '../../../lib/use-request';

/** GET /api/register/verify/{userId} → { message }: sends the verification link again. */
export function resendVerificationLink(userId: number): Promise<MessageResponse> {
  return api.get<MessageResponse>(`/register/verify/${encodeURIComponent(String(userId))}`);
}

/** Says how it went in the snackbar, whether or not the screen that asked is still there. */
async function send(userId: number): Promise<MessageResponse> {
  try {
    const answer = await withLoading('Enviando link...', () => resendVerificationLink(userId));
    notify.success(answer.message);
    return answer;
  } catch (error) {
    notify.error(error);
    throw error;
  }
}

/** Used by the sign-in page (no react-query on its first load) and the registration's last step. */
export function useResendVerificationLink() {
  return useRequest(send);
}
