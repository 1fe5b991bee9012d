import type { AdminRetentionResponse, RunRetentionRuleResponse } from '@prata/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';

const RETENTION_QUERY_KEY = ['admin', 'retention'] as const;

/** GET /api/admin/retention?before=: the rules with their latest run, and the runs newest first (before a run). */
function getAdminRetention(before: number | null): Promise<AdminRetentionResponse> {
  return api.get<AdminRetentionResponse>('/admin/retention', { query: { before } });
}

export function useAdminRetention(before: number | null) {
  return useQuery({
    queryKey: [...RETENTION_QUERY_KEY, before],
    queryFn: () => getAdminRetention(before),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /api/admin/retention/rules/:key/run with the intention's key (lib/intention.ts): a double click runs once. */
function runRetentionRule({ rule, key }: { rule: string; key: string }): Promise<RunRetentionRuleResponse> {
  return api.post<RunRetentionRuleResponse>(
    `/admin/retention/rules/${encodeURIComponent(rule)}/run`,
    {},
    idempotent(key),
  );
}

export function useRunRetentionRule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: runRetentionRule,
    onSettled: () => client.invalidateQueries({ queryKey: RETENTION_QUERY_KEY }),
  });
}
