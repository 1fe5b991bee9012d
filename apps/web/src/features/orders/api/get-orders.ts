import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { ORDER_BOOK_QUERY_KEY } from './keys';
import type { OrdersResponse } from './types';

/** GET /api/orders: the rates, the annual limit, the book's two sides and the customer's own orders. */
function getOrders(): Promise<OrdersResponse> {
  return api.get<OrdersResponse>('/orders');
}

/**
 * The orders screen's data. Fresh on every visit; the book's stream (use-order-stream.ts) refetches it when the book
 * changes. A 403 (registration incomplete, under review, refused) is the screen's to show, never retried.
 */
export function useOrders() {
  return useQuery({ queryKey: ORDER_BOOK_QUERY_KEY, queryFn: getOrders, staleTime: 0 });
}
