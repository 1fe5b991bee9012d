import { api, type MessageResponse } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { useIntention } from '@/lib/intention';
import { withLoading } from '@/lib/loading';
import { notify } from '@/lib/notify';

/** GET /api/register/verify/{userId} → { message }: sends the verification link again. */
function resendVerificationLink(userId: number, idempotencyKey: string): Promise<MessageResponse> {
  return api.get<MessageResponse>(`/register/verify/${encodeURIComponent(String(userId))}`, idempotent(idempotencyKey));
}

/** Says how it went in the snackbar, whether or not the screen that asked is still there. */
async function send(userId: number, idempotencyKey: string): Promise<MessageResponse> {
  try {
    const answer = await withLoading('Enviando link...', () => resendVerificationLink(userId, idempotencyKey));
    notify.success(answer.message);
    return answer;
  } catch (error) {
    notify.error(error);
    throw error;
  }
}

/**
 * 'Reenviar' on the sign-in page (no react-query on its first load) and the registration's last step: one link per
 * click, however many clicks (lib/intention.ts).
 */
export function useResendVerificationLink(userId: number) {
  const intention = useIntention({ resendVerification: userId });
  return {
    resend: () => void intention.run((key) => send(userId, key)).catch(() => undefined),
    isPending: intention.busy,
  };
}
