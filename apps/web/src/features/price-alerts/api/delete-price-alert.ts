import type { MessageResponse } from '@prata/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { PRICE_ALERTS_QUERY_KEY } from './price-alerts';

/** DELETE /api/price-alerts/{id} */
const deletePriceAlert = (id: number) => api.delete<MessageResponse>(`/price-alerts/${id}`);

export function useDeletePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePriceAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRICE_ALERTS_QUERY_KEY }),
  });
}
