import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { priceHistoryQueryKey } from './keys';
import type { PriceHistoryResponse } from './types';

export type PriceRange = PriceHistoryResponse['range'];

/** GET /api/orders/price-history?range=day|week|month: the period's trades in buckets, oldest first. */
function getPriceHistory(range: PriceRange): Promise<PriceHistoryResponse> {
  return api.get<PriceHistoryResponse>('/orders/price-history', { query: { range } });
}

/** The chart's data; the previous range stays on screen while the next one arrives. */
export function usePriceHistory(range: PriceRange) {
  return useQuery({
    queryKey: priceHistoryQueryKey(range),
    queryFn: () => getPriceHistory(range),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
