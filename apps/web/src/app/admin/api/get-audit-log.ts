import type { AuditLogResponse } from '@prata/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { CUSTOMERS_QUERY_KEY } from '@/lib/admin-query-keys';

export type { AuditEntry } from '@prata/domain';

/** GET /api/admin/audit-log, GET /api/admin/customers/{id}/audit: a page of entries, newest first. */
export type AuditLogPage = AuditLogResponse;

/** GET /api/admin/audit-log?page=N (1-based) */
function getAuditLog(page: number): Promise<AuditLogPage> {
  return api.get<AuditLogPage>('/admin/audit-log', { query: { page } });
}

export function useAuditLog(page: number) {
  return useQuery({
    queryKey: ['admin', 'audit-log', page],
    queryFn: () => getAuditLog(page),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/customers/{id}/audit?page=N: the customer page's history. */
function getCustomerAudit(customerId: number, page: number): Promise<AuditLogPage> {
  return api.get<AuditLogPage>(`/admin/customers/${customerId}/audit`, { query: { page } });
}

export function useCustomerAudit(customerId: number, page: number) {
  return useQuery({
    queryKey: [...CUSTOMERS_QUERY_KEY, 'audit', customerId, page],
    queryFn: () => getCustomerAudit(customerId, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
