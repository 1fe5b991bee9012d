import { api, type MessageResponse } from '@/lib/api';
import { withLoading } from '@/lib/loading';
import { notify } from '@/lib/notify';

/** PUT /api/user/reopen-account { email } → { message } */
function reopenAccount(email: string): Promise<MessageResponse> {
  return api.put<MessageResponse>('/user/reopen-account', { email });
}

/** Runs from a snackbar action, outside any component: reports through the snackbar. */
export async function reopenAccountAndNotify(email: string): Promise<void> {
  try {
    const { message } = await withLoading('Reabrindo sua conta...', () => reopenAccount(email));
    notify.success(message);
  } catch (error) {
    notify.error(error);
  }
}
