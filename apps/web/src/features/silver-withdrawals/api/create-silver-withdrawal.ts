import type { CreateSilverWithdrawalRequest, CreateSilverWithdrawalResponse } from '@prata/domain';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

/**
 * POST /api/silver-withdrawal (signed in: Pix or balance), with an Idempotency-Key: the intention's (useIntention,
 * kept across double clicks and retries).
 */
export function createSilverWithdrawal(
  input: CreateSilverWithdrawalRequest,
  idempotencyKey: string,
): Promise<CreateSilverWithdrawalResponse> {
  return withLoading(input.paymentMethod === 'pix' ? 'Gerando o Pix...' : 'Registrando a retirada...', () =>
    api.post<CreateSilverWithdrawalResponse>('/silver-withdrawal', input, idempotent(idempotencyKey)),
  );
}
