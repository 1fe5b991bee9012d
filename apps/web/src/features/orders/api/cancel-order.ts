import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { USER_QUERY_KEY } from '@/lib/auth';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';
import { HISTORY_QUERY_KEY, ORDER_BOOK_QUERY_KEY, ORDERS_QUERY_KEY } from './keys';
import type { CancelOrderResponse, OrdersResponse } from './types';

export type CancelOrderInput = { id: number; key: string };

/**
 * DELETE /api/order/{id} with the intention's Idempotency-Key → { order: { id }, message }: the customer's own open
 * order leaves the book; a second tap with the same key gets the same answer, not "no longer open".
 */
function cancelOrder({ id, key }: CancelOrderInput): Promise<CancelOrderResponse> {
  return api.delete<CancelOrderResponse>(`/order/${id}`, idempotent(key));
}

/**
 * Cancels under the loading dialog. The order leaves the screen's lists at once; the book, the user (what the order
 * held returns to the balances) and the history tabs (it is now a cancelled order) are asked again.
 */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CancelOrderInput) => withLoading('Cancelando ordem...', () => cancelOrder(input)),
    onSuccess: ({ order }) => {
      queryClient.setQueryData<OrdersResponse>(ORDER_BOOK_QUERY_KEY, (current) =>
        current
          ? {
              ...current,
              myPendingOrders: current.myPendingOrders.filter((o) => o.id !== order.id),
              ordersToBuy: current.ordersToBuy.filter((o) => o.id !== order.id),
              ordersToSell: current.ordersToSell.filter((o) => o.id !== order.id),
            }
          : current,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
      ]),
  });
}
