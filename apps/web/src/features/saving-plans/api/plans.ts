import type { SavingPlansResponse } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const SAVING_PLANS_QUERY_KEY = ['saving-plans'] as const;

/** GET /api/saving-plans: the customer's plans, newest first, each with its latest runs. */
function getSavingPlans(): Promise<SavingPlansResponse> {
  return api.get<SavingPlansResponse>('/saving-plans');
}

/** Asked again every 10 s while a plan waits for its Pix or a run for its money, so the page shows the buy. */
export function useSavingPlans() {
  return useQuery({
    queryKey: SAVING_PLANS_QUERY_KEY,
    queryFn: getSavingPlans,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.plans.some(
        (p) =>
          p.status === 'awaiting_authorization' || p.runs.some((r) => r.status !== 'bought' && r.status !== 'nothing'),
      )
        ? 10_000
        : false,
  });
}
