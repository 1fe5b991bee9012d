import type { CreatePriceAlertInput, PriceAlert } from '@prata/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { idempotent } from '@/lib/idempotency';
import { PRICE_ALERTS_QUERY_KEY } from './price-alerts';

/** POST /api/price-alerts, with the intention's key (lib/intention.ts): a double click creates one alert */
const createPriceAlert = ({ body, key }: { body: CreatePriceAlertInput; key: string }) =>
  api.post<PriceAlert>('/price-alerts', body, idempotent(key));

export function useCreatePriceAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPriceAlert,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PRICE_ALERTS_QUERY_KEY }),
  });
}
