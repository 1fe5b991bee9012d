/** The answers' types come from packages/domain's contracts (the server answers through the same schemas). */
export type {
  BookOrder,
  CancelOrderResponse,
  MarketRates,
  Order,
  OrderQuoteResponse,
  OrderSide,
  OrdersResponse,
  PlaceOrderRequest,
  PlaceOrderResponse,
  PriceHistoryResponse,
} from '@prata/domain';
