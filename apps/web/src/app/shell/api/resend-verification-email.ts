import { api, type MessageResponse } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { useIntention } from '@/lib/intention';
import { withLoading } from '@/lib/loading';
import { notify } from '@/lib/notify';

/** GET /api/email/resend → { message }: a new verification link for the signed-in user. */
function resendVerificationEmail(idempotencyKey: string): Promise<MessageResponse> {
  return api.get<MessageResponse>('/email/resend', idempotent(idempotencyKey));
}

/** 'Reenviar e-mail': one link per click, however many clicks (lib/intention.ts). */
export function useResendVerificationEmail() {
  const intention = useIntention('resend-verification-email');
  return {
    mutate: () =>
      void intention
        .run((key) => withLoading('Enviando e-mail...', () => resendVerificationEmail(key)))
        .then(
          (answer) => answer && notify.success(answer.message),
          (error: unknown) => notify.error(error),
        ),
    isPending: intention.busy,
  };
}
