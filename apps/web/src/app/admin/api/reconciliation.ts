import type { ReconciliationResponse } from '@prata/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export type { ReconciliationRun } from '@prata/domain';

const RECONCILIATION_QUERY_KEY = ['admin', 'reconciliation'] as const;

/** GET /api/admin/reconciliation → { reconciliation: the last run, or null } (administration and finance only). */
function getReconciliation(): Promise<ReconciliationResponse> {
  return api.get<ReconciliationResponse>('/admin/reconciliation');
}

export function useReconciliation() {
  return useQuery({ queryKey: RECONCILIATION_QUERY_KEY, queryFn: getReconciliation, staleTime: 0 });
}

/** POST /api/admin/reconciliation → { reconciliation, message }: runs it now. */
function runReconciliation(): Promise<ReconciliationResponse> {
  return api.post<ReconciliationResponse>('/admin/reconciliation');
}

export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runReconciliation,
    onSuccess: (answer) =>
      queryClient.setQueryData(RECONCILIATION_QUERY_KEY, { reconciliation: answer.reconciliation }),
  });
}
