import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PageOf } from '../../../components/paginated-table';
import { api } from '../../../lib/api';
import { CUSTOMERS_QUERY_KEY } from './customers';

export type AuditActor = { id: number; name: string; email: string };

/** An audit entry as the server presents it to operators: in Portuguese, sensitive values masked. */
export type AuditEntry = {
  id: number;
  created_at: string;
  /** null: the system (a command-line script) */
  actor: AuditActor | null;
  /** the stable key, e.g. 'customer.registration_approved' */
  action: string;
  /** the action in Portuguese, e.g. 'Cadastro aprovado' */
  description: string;
  target_type: string | null;
  target_id: string | null;
  /** e.g. 'Cliente nº 12' */
  target: string | null;
  /** one fact per line, e.g. 'Celular: de (11) 9 **** 4321 para (21) 9 **** 5678' */
  details: string[];
  ip: string | null;
};

export type AuditLogPage = PageOf<AuditEntry>;

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

/** GET /api/admin/customers/{id}/audit?page=N: the customer page's history. */
export function getCustomerAudit(customerId: number, page: number): Promise<AuditLogPage> {
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
