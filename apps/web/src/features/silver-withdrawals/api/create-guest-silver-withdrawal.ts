import type { CreateSilverWithdrawalResponse, GuestSilverWithdrawalRequest } from '@prata/domain';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

/**
 * POST /api/silver-withdrawal/guest (visitors, Pix only), with an Idempotency-Key: the intention's (useIntention,
 * kept across double clicks and retries).
 */
export function createGuestSilverWithdrawal(
  input: GuestSilverWithdrawalRequest,
  idempotencyKey: string,
): Promise<CreateSilverWithdrawalResponse> {
  return withLoading('Gerando o Pix...', () =>
    api.post<CreateSilverWithdrawalResponse>('/silver-withdrawal/guest', input, idempotent(idempotencyKey)),
  );
}
