import { type AveragePriceResponse, minorToDecimalText } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

/**
 * GET /api/orders/average-price-per-gram/sell/{grams}: reais per gram that selling these grams at market would bring
 * now (the buy orders of the book); 0 when the book cannot take them all: null here.
 */
async function getSellPricePerGram(centigrams: number): Promise<number | null> {
  const answer = await api.get<z.infer<typeof AveragePriceResponse>>(
    `/orders/average-price-per-gram/sell/${minorToDecimalText(centigrams)}`,
  );
  return typeof answer === 'number' && Number.isFinite(answer) && answer > 0 ? answer : null;
}

/** Under ['orders'], so the orders screen's refreshes ask again; otherwise once a minute. Nothing for 0 g. */
export function useSellPricePerGram(centigrams: number) {
  return useQuery({
    queryKey: ['orders', 'average-price-per-gram', 'sell', centigrams],
    queryFn: () => getSellPricePerGram(centigrams),
    enabled: centigrams > 0,
    retry: false,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
