import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type AuditActor = { id: number; name: string; email: string };

export type AuditEntry = {
  id: number;
  created_at: string;
  actor: AuditActor | null;
  action: string;
  target_type: string | null;
  target_id: number | string | null;
  details: unknown;
};

export type AuditLogPage = { data: AuditEntry[]; total: number; per_page: number };

/** GET /api/admin/audit-log?page=N (1-based) */
export function getAuditLog(page: number): Promise<AuditLogPage> {
  return api.get<AuditLogPage>('/admin/audit-log', { query: { page } });
}

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: ['admin', 'audit-log', page],
    queryFn: () => getAuditLog(page),
    placeholderData: keepPreviousData,
  });
}
