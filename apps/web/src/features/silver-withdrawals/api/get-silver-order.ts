import type { SilverOrderResponse } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * How often an order waiting for its Pix is read again: the deposit dialog's rhythm (features/money
 * use-wait-for-payment.ts, PAYMENT_POLL_MS), so "Pagamento aprovado" shows within seconds of the payment.
 */
export const ORDER_POLL_MS = 3_000;

/** A buyer's order by its token, cached under the silver withdrawals' own key. */
export const silverOrderQueryKey = (token: string) => ['silver-withdrawals', 'order', token] as const;

/** GET /api/silver-withdrawal/order/{token}: the buyer's order and, while it can be paid, its Pix (404 otherwise). */
function getSilverOrder(token: string): Promise<SilverOrderResponse> {
  return api.get<SilverOrderResponse>(`/silver-withdrawal/order/${encodeURIComponent(token)}`);
}

/** The order of a token, read again every 3 s while its Pix waits (in the background too: the buyer is in the bank's app). */
export function useSilverOrder(token: string | null) {
  return useQuery({
    queryKey: silverOrderQueryKey(token ?? ''),
    queryFn: () => getSilverOrder(token!),
    enabled: token !== null,
    retry: (count, error) => count < 2 && !(error instanceof Error && 'status' in error && error.status === 404),
    refetchInterval: (query) => (query.state.data?.silverWithdrawal.status === 'pending' ? ORDER_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
}
