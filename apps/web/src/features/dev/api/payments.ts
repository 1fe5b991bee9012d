import type { DevPaymentReceivedResponse, DevPendingPaymentsResponse } from '@prata/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

const DEV_PAYMENTS_QUERY_KEY = ['dev', 'payments'] as const;

/** GET /api/dev/payments → pending Pix deposits of everyone, newest first (development and demo only; else 404). */
function getDevPayments(): Promise<DevPendingPaymentsResponse> {
  return api.get<DevPendingPaymentsResponse>('/dev/payments');
}

export function useDevPayments() {
  return useQuery({
    queryKey: DEV_PAYMENTS_QUERY_KEY,
    queryFn: getDevPayments,
    staleTime: 0,
    refetchInterval: (query) => (query.state.status === 'error' ? false : 5_000),
  });
}

/** POST /api/dev/payments/{asaas_payment_id}/receive: the embedded provider's payer pays the charge. */
function payDevPayment(paymentId: string): Promise<DevPaymentReceivedResponse> {
  return api.post<DevPaymentReceivedResponse>(`/dev/payments/${encodeURIComponent(paymentId)}/receive`);
}

export function usePayDevPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: payDevPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DEV_PAYMENTS_QUERY_KEY }),
  });
}
