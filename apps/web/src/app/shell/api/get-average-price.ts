import type { AveragePriceResponse } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api';

/**
 * GET /api/orders/average-price-per-gram/buy/1: the average price, in reais, of buying 1 g now (spec 3: the drawer's
 * "average price per gram", labelled "Preço de compra agora (1 g)"). The server answers 0 when the book has nothing to sell: null here, "Sem ofertas".
 */
async function getAveragePricePerGram(): Promise<number | null> {
  const answer = await api.get<z.infer<typeof AveragePriceResponse>>('/orders/average-price-per-gram/buy/1');
  return typeof answer === 'number' && Number.isFinite(answer) && answer > 0 ? answer : null;
}

/**
 * Under ['orders'], so the orders screen's refresh (after an order, or when the book's stream says it changed) asks
 * for it again; otherwise once a minute.
 */
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
