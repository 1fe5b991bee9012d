import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/**
 * GET /api/orders/average-price-per-gram/buy/1: the average price, in reais, of buying 1 g now. The answer is a
 * number; an object carrying one numeric field is tolerated. Null when there is no usable number (no offers).
 */
export async function getAveragePricePerGram(): Promise<number | null> {
  const answer = await api.get<unknown>('/orders/average-price-per-gram/buy/1');
  const value =
    typeof answer === 'number'
      ? answer
      : typeof answer === 'string'
        ? Number(answer)
        : answer && typeof answer === 'object'
          ? Object.values(answer).find((v) => typeof v === 'number')
          : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

export function useAveragePricePerGram(enabled: boolean) {
  return useQuery({
    queryKey: ['orders', 'average-price-per-gram', 'buy', 1],
    queryFn: getAveragePricePerGram,
    enabled,
    retry: false,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
