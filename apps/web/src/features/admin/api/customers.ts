import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PageOf } from '../../../components/paginated-table';
import { api } from '../../../lib/api';
import { withLoading } from '../../../lib/loading';
import type { AccountUser, BankingInformation, DocumentInfo, TradingLimitRequest } from '../../profile/index';

export type CustomerStatus = 'pending' | 'approved' | 'rejected' | 'closed';
export type CustomerFilter = 'all' | CustomerStatus;

/** A row of GET /api/admin/customers */
export type CustomerSummary = {
  id: number;
  name: string;
  email: string;
  account_type: 'individual' | 'company';
  cpf: string | null;
  cnpj: string | null;
  razao_social: string | null;
  status: CustomerStatus;
  email_verified_at: string | null;
  created_at: string;
};

/** GET /api/admin/customers/{id} */
export type CustomerDetail = {
  customer: AccountUser & {
    status: CustomerStatus;
    closed_at: string | null;
    created_at: string;
    registration_rejected_at: string | null;
    registration_rejection_reason: string | null;
  };
  documents: DocumentInfo[];
  bankingInformation: BankingInformation[];
  tradingLimitRequests: TradingLimitRequest[];
};

export type RegistrationDecision = { decision: 'approve'; note?: string } | { decision: 'reject'; reason: string };

export const CUSTOMERS_QUERY_KEY = ['admin', 'customers'] as const;

/** GET /api/admin/customers?q=&status=&page= (name, e-mail, CPF or CNPJ; review status) */
export function getCustomers(q: string, status: CustomerFilter, page: number): Promise<PageOf<CustomerSummary>> {
  return api.get<PageOf<CustomerSummary>>('/admin/customers', { query: { q: q || undefined, status, page } });
}

export function useCustomers(q: string, status: CustomerFilter, page: number) {
  return useQuery({
    queryKey: [...CUSTOMERS_QUERY_KEY, 'list', q, status, page],
    queryFn: () => getCustomers(q, status, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const customerQueryKey = (id: number) => [...CUSTOMERS_QUERY_KEY, 'detail', id] as const;

export function getCustomer(id: number): Promise<CustomerDetail> {
  return api.get<CustomerDetail>(`/admin/customers/${id}`);
}

export function useCustomer(id: number) {
  return useQuery({
    queryKey: customerQueryKey(id),
    queryFn: () => getCustomer(id),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 0,
  });
}

/** POST /api/admin/customers/{id}/review → the customer's detail and a message (409 when already approved). */
export function reviewCustomer(id: number, decision: RegistrationDecision) {
  return api.post<CustomerDetail & { message: string }>(`/admin/customers/${id}/review`, decision);
}

export function useReviewCustomer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: RegistrationDecision) =>
      withLoading(decision.decision === 'approve' ? 'Aprovando cadastro...' : 'Recusando cadastro...', () =>
        reviewCustomer(id, decision),
      ),
    onSuccess: ({ message: _message, ...detail }) => {
      queryClient.setQueryData(customerQueryKey(id), detail);
      void queryClient.invalidateQueries({ queryKey: [...CUSTOMERS_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...CUSTOMERS_QUERY_KEY, 'audit', id] });
    },
  });
}
