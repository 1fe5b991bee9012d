import { api, type MessageResponse } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

/** POST /api/password/email { email } → { message }; the key makes a double click send one e-mail. */
function requestPasswordReset(email: string, idempotencyKey: string): Promise<MessageResponse> {
  return api.post<MessageResponse>('/password/email', { email }, idempotent(idempotencyKey));
}

/** The request under the intention's key, with the loading dialog (no react-query: the sign-in page's dialog). */
export const sendPasswordReset = (email: string, idempotencyKey: string) =>
  withLoading('Enviando link...', () => requestPasswordReset(email, idempotencyKey));
