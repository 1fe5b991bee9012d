import type {
  BlockCustomerRequest,
  CustomerDetailResponse,
  CustomerFilter,
  CustomerReviewResponse,
  CustomersResponse,
  ReviewDecisionRequest,
} from '@prata/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { CUSTOMERS_QUERY_KEY, customerQueryKey } from '@/lib/admin-query-keys';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';

export type { CustomerFilter, CustomerSummary } from '@prata/domain';

/** GET /api/admin/customers/{id} */
export type CustomerDetail = CustomerDetailResponse;

export type RegistrationDecision = z.input<typeof ReviewDecisionRequest>;

/** GET /api/admin/customers?q=&status=&page= (name, e-mail, CPF or CNPJ; review status) */
function getCustomers(q: string, status: CustomerFilter, page: number): Promise<CustomersResponse> {
  return api.get<CustomersResponse>('/admin/customers', { query: { q: q || undefined, status, page } });
}

export function useCustomers(q: string, status: CustomerFilter, page: number) {
  return useQuery({
    queryKey: [...CUSTOMERS_QUERY_KEY, 'list', q, status, page],
    queryFn: () => getCustomers(q, status, page),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

function getCustomer(id: number): Promise<CustomerDetail> {
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

/**
 * POST /api/admin/customers/{id}/review → the customer's detail and a message (409 when already approved), with the
 * decision's Idempotency-Key (lib/intention.ts): a double click decides, and e-mails, once.
 */
function reviewCustomer(id: number, decision: RegistrationDecision, key: string) {
  return api.post<CustomerReviewResponse>(`/admin/customers/${id}/review`, decision, idempotent(key));
}

export function useReviewCustomer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ decision, key }: { decision: RegistrationDecision; key: string }) =>
      withLoading(decision.decision === 'approve' ? 'Aprovando cadastro...' : 'Recusando cadastro...', () =>
        reviewCustomer(id, decision, key),
      ),
    onSuccess: ({ message: _message, ...detail }) => {
      queryClient.setQueryData(customerQueryKey(id), detail);
      void queryClient.invalidateQueries({ queryKey: [...CUSTOMERS_QUERY_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: [...CUSTOMERS_QUERY_KEY, 'audit', id] });
    },
  });
}

/** PUT /api/admin/customers/{id}/block { reason }: every session ends, no sign-in until lifted (DELETE). */
const blockCustomer = (id: number, body: BlockCustomerRequest) =>
  api.put<CustomerReviewResponse>(`/admin/customers/${id}/block`, body);
const unblockCustomer = (id: number) => api.delete<CustomerReviewResponse>(`/admin/customers/${id}/block`);

export function useCustomerBlock(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string | null) =>
      withLoading(reason === null ? 'Desbloqueando acesso...' : 'Bloqueando acesso...', () =>
        reason === null ? unblockCustomer(id) : blockCustomer(id, { reason }),
      ),
    onSuccess: ({ message: _message, ...detail }) => {
      queryClient.setQueryData(customerQueryKey(id), detail);
      void queryClient.invalidateQueries({ queryKey: [...CUSTOMERS_QUERY_KEY, 'audit', id] });
    },
  });
}
