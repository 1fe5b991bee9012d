import { MESSAGES } from '@prata/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { USER_QUERY_KEY } from '@/lib/auth';
import { idempotent } from '@/lib/idempotency';
import { withLoading } from '@/lib/loading';
import { HISTORY_QUERY_KEY, ORDER_BOOK_QUERY_KEY, ORDERS_QUERY_KEY } from './keys';
import type { OrderSide, OrdersResponse, PlaceOrderRequest, PlaceOrderResponse } from './types';

/** `key`: the intention's Idempotency-Key (lib/intention.ts), the same on a double click or a retry. */
export type PlaceOrderInput = { side: OrderSide; body: PlaceOrderRequest; key: string };

/**
 * POST /api/order/buy or /api/order/sell with an Idempotency-Key → 201 { ordersToBuy, ordersToSell, myPendingOrders,
 * myCompletedOrders, order, message }. The body is one of: a limit order (mode 'limit', price_per_gram), a market
 * order (mode 'market', no price) or a row of the table taken (order_id, its price and quantity, no mode).
 */
function placeOrder({ side, body, key }: PlaceOrderInput): Promise<PlaceOrderResponse> {
  return api.post<PlaceOrderResponse>(`/order/${side}`, body, idempotent(key));
}

/**
 * Places an order under "Processando ordem ..." (spec 2 §8). The answer's lists replace the screen's at once; then
 * everything else that an order changes is asked again: the signed-in user (the drawer's balances, spec 2 §4), the
 * quotes, the price history, the drawer's average price and the history tabs. A refusal refreshes the same (the book
 * or the rates may have moved: ORDER_PRICE_CHANGED asks the customer to check the new summary).
 */
export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlaceOrderInput) => withLoading(MESSAGES.orderProcessing, () => placeOrder(input)),
    onSuccess: ({ ordersToBuy, ordersToSell, myPendingOrders, myCompletedOrders }) => {
      queryClient.setQueryData<OrdersResponse>(ORDER_BOOK_QUERY_KEY, (current) =>
        current ? { ...current, ordersToBuy, ordersToSell, myPendingOrders, myCompletedOrders } : current,
      );
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY }),
        // the answer has the lists but not the annual limit left: GET /api/orders is asked again with the rest
        queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
      ]),
  });
}
