import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageOf } from '../../../components/paginated-table';
import { api } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';
import type { TradingLimitRequest } from '../../profile/index';
import { CUSTOMERS_QUERY_KEY } from './customers';

/** A row of GET /api/admin/trading-limit-requests (pending requests, oldest first). */
export type PendingLimitRequest = TradingLimitRequest & {
  customer: { id: number; name: string; email: string; trading_limit: number };
};

/** approved_limit as dot-decimal text ('150000.00'); without it the asked limit is approved. */
export type LimitDecision = { decision: 'approve'; approved_limit?: string } | { decision: 'reject'; reason: string };

export const LIMIT_REQUESTS_QUERY_KEY = ['admin', 'limit-requests'] as const;

export function getLimitRequests(page: number): Promise<PageOf<PendingLimitRequest>> {
  return api.get<PageOf<PendingLimitRequest>>('/admin/trading-limit-requests', { query: { page } });
}

export function useLimitRequests(page: number) {
  return useQuery({
    queryKey: [...LIMIT_REQUESTS_QUERY_KEY, page],
    queryFn: () => getLimitRequests(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/admin/trading-limit-requests/{id}/review → { tradingLimitRequest, message } */
export function reviewLimitRequest(id: number, decision: LimitDecision) {
  return api.post<{ tradingLimitRequest: TradingLimitRequest; message: string }>(
    `/admin/trading-limit-requests/${id}/review`,
    decision,
  );
}

export function useReviewLimitRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: LimitDecision }) =>
      withLoading(decision.decision === 'approve' ? 'Aprovando limite...' : 'Recusando pedido...', () =>
        reviewLimitRequest(id, decision),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: LIMIT_REQUESTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY });
    },
  });
}
