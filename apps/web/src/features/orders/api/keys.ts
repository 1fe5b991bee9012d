import type { OrderSide, PriceHistoryResponse } from '@prata/domain';

/**
 * Everything the orders screen reads lives under ['orders'] (the drawer's average price too:
 * ['orders', 'average-price-per-gram', 'buy', 1]), so one invalidation after a change of the book refreshes it all.
 */
export const ORDERS_QUERY_KEY = ['orders'] as const;
export const ORDER_BOOK_QUERY_KEY = ['orders', 'book'] as const;
const ORDER_QUOTE_QUERY_KEY = ['orders', 'quote'] as const;
const PRICE_HISTORY_QUERY_KEY = ['orders', 'price-history'] as const;
export const orderQuoteQueryKey = (side: OrderSide, quantityCentigrams: number) =>
  [...ORDER_QUOTE_QUERY_KEY, side, quantityCentigrams] as const;
export const priceHistoryQueryKey = (range: PriceHistoryResponse['range']) =>
  [...PRICE_HISTORY_QUERY_KEY, range] as const;
/** The history tabs (features/history) keep their pages under ['history']. */
export const HISTORY_QUERY_KEY = ['history'] as const;
