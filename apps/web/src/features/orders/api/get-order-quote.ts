import { minorToDecimalText } from '@prata/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { orderQuoteQueryKey } from './keys';
import type { OrderQuoteResponse, OrderSide } from './types';

/**
 * GET /api/orders/quote/{buy|sell}/{grams}: the summary of a market order of that many grams now, as the server will
 * charge it (available=false when the book cannot fill it; allowed=false for a sell whose net is not above zero).
 */
function getOrderQuote(side: OrderSide, quantityCentigrams: number): Promise<OrderQuoteResponse> {
  return api.get<OrderQuoteResponse>(`/orders/quote/${side}/${minorToDecimalText(quantityCentigrams)}`);
}

/** The market form's quote, asked only for a positive quantity (null while there is none). */
export function useOrderQuote(side: OrderSide, quantityCentigrams: number | null) {
  const grams = quantityCentigrams ?? 0;
  return useQuery({
    queryKey: orderQuoteQueryKey(side, grams),
    queryFn: () => getOrderQuote(side, grams),
    enabled: grams > 0,
    staleTime: 0,
    retry: false,
  });
}
