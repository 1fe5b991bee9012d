import type { LimitReviewRequest, LimitReviewResponse, PendingLimitRequestsResponse } from '@prata/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';
import { CUSTOMERS_QUERY_KEY } from '@/lib/admin-query-keys';

/** A row of GET /api/admin/trading-limit-requests (pending requests, oldest first). */
export type { PendingLimitRequest } from '@prata/domain';

/** approved_limit as dot-decimal text ('150000.00'); without it the asked limit is approved. */
export type LimitDecision = z.input<typeof LimitReviewRequest>;

const LIMIT_REQUESTS_QUERY_KEY = ['admin', 'limit-requests'] as const;

function getLimitRequests(page: number): Promise<PendingLimitRequestsResponse> {
  return api.get<PendingLimitRequestsResponse>('/admin/trading-limit-requests', { query: { page } });
}

export function useLimitRequests(page: number) {
  return useQuery({
    queryKey: [...LIMIT_REQUESTS_QUERY_KEY, page],
    queryFn: () => getLimitRequests(page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * POST /api/admin/trading-limit-requests/{id}/review → { tradingLimitRequest, message }, with the decision's
 * Idempotency-Key (lib/intention.ts): a double click decides, and e-mails, once.
 */
function reviewLimitRequest(id: number, decision: LimitDecision, key: string) {
  return api.post<LimitReviewResponse>(`/admin/trading-limit-requests/${id}/review`, decision, idempotent(key));
}

export function useReviewLimitRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, key }: { id: number; decision: LimitDecision; key: string }) =>
      withLoading(decision.decision === 'approve' ? 'Aprovando limite...' : 'Recusando pedido...', () =>
        reviewLimitRequest(id, decision, key),
      ),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: LIMIT_REQUESTS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CUSTOMERS_QUERY_KEY });
    },
  });
}
