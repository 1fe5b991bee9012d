import type { CreatePriceAlertInput, PriceAlert } from '@prata/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { PRICE_ALERTS_QUERY_KEY } from './price-alerts';

/** POST /api/price-alerts */
export const createPriceAlert = (body: CreatePriceAlertInput) => api.post<PriceAlert>('/price-alerts', body);

export function useCreatePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPriceAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRICE_ALERTS_QUERY_KEY }),
  });
}
