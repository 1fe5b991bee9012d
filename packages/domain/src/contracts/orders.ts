import { z } from 'zod';
import { MESSAGES } from '../messages';
import { parseDecimal } from '../money/index';
import { boundedString, isoDateTime, pageOf, withUnits, pageParam, decimalParam } from './common';

/**
 * The order book (spec 2 §2 Orders screen, §3 Order, §7, §9; docs/orders.md). Prices travel in reais per gram and
 * quantities in grams, as dot-decimal numbers with at most 2 decimals (R$ 5,37/g is 5.37, 12,34 g is 12.34); the
 * server keeps centavos per gram and centigrams.
 */

export const ORDER_SIDES = ['buy', 'sell'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];
export const ORDER_MODES = ['limit', 'market'] as const;
export type OrderMode = (typeof ORDER_MODES)[number];
/** open: resting in the book (possibly filled in part); filled: done; cancelled: taken off the book by its owner */
export const ORDER_STATUSES = ['open', 'filled', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The highest price per gram an order may name: R$ 100.000,00 (centavos). */
export const MAX_PRICE_PER_GRAM_CENTS = 10_000_000;
/** The largest quantity one order may name: 1.000.000,00 g (centigrams). */
export const MAX_ORDER_CENTIGRAMS = 100_000_000;
/** How many completed orders the orders screen shows (spec 2 §9). */
export const COMPLETED_ORDERS_ON_SCREEN = 10;
/** How many resting orders of each side GET /api/orders lists (best first). */
export const BOOK_ROWS = 50;

/** A decimal typed on a form (dot or comma) as minor units, with its own messages. */
const decimalField = (required: string, invalid: string, tooLarge: string, max: number, allowZero = false) =>
  z
    .union([boundedString({ max: 40, tooLong: invalid, invalid }), z.number()], { error: required })
    .transform((v, ctx) => {
      const parsed = parseDecimal(v, { max, allowZero });
      if (!parsed.ok) {
        const message =
          parsed.reason === 'empty' || parsed.reason === 'zero'
            ? required
            : parsed.reason === 'too_large'
              ? tooLarge
              : invalid;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return parsed.minor;
    });

/** Reais per gram → centavos per gram (positive, at most R$ 100.000,00). */
export const pricePerGramField = () =>
  decimalField(
    MESSAGES.orderPriceRequired,
    MESSAGES.orderPriceInvalid,
    MESSAGES.orderPriceTooHigh,
    MAX_PRICE_PER_GRAM_CENTS,
  );
/** Grams → centigrams (positive, at most 1.000.000,00 g). */
export const gramsField = () =>
  decimalField(
    MESSAGES.orderQuantityRequired,
    MESSAGES.orderQuantityInvalid,
    MESSAGES.orderQuantityTooHigh,
    MAX_ORDER_CENTIGRAMS,
  );

/**
 * POST /api/order/buy and POST /api/order/sell (spec 2 §7: price_per_gram, quantity_grams, total_amount).
 * - limit (the default): price_per_gram is required; what does not trade at once rests in the book.
 * - market: no price_per_gram (the book's prices apply); the whole quantity trades at once or nothing does.
 * - order_id: takes that resting order from the table ("comprar"/"vender" on a row), at its price, up to its quantity.
 * total_amount is the summary the customer saw: a buy's total to pay, a sell's net to receive. A buy never costs more
 * and a sell never yields less: when the book or the rates moved, the order is refused (ORDER_PRICE_CHANGED).
 */
export const PlaceOrderRequest = withUnits(
  z
    .object({
      mode: z.enum(ORDER_MODES, { error: MESSAGES.chooseOption }).optional(),
      price_per_gram: pricePerGramField().optional(),
      quantity_grams: gramsField(),
      total_amount: decimalField(
        MESSAGES.orderTotalRequired,
        MESSAGES.amountInvalid,
        MESSAGES.amountInvalid,
        1_000_000_000_000,
      ),
      order_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    })
    .superRefine((body, ctx) => {
      if (body.order_id !== undefined) {
        if (body.mode !== undefined)
          ctx.addIssue({ code: 'custom', path: ['mode'], message: MESSAGES.orderTakeHasNoMode });
        return;
      }
      if (body.mode === 'market' && body.price_per_gram !== undefined)
        ctx.addIssue({ code: 'custom', path: ['price_per_gram'], message: MESSAGES.orderMarketHasNoPrice });
      if (body.mode !== 'market' && body.price_per_gram === undefined)
        ctx.addIssue({ code: 'custom', path: ['price_per_gram'], message: MESSAGES.orderPriceRequired });
    }),
  { price_per_gram: 'price_per_gram_cents', quantity_grams: 'quantity_cg', total_amount: 'total_amount_cents' },
);
export type PlaceOrderRequest = z.input<typeof PlaceOrderRequest>;
export type PlaceOrderInput = z.output<typeof PlaceOrderRequest>;

/** A resting order in the tables of the orders screen: never whose it is, only whether it is the reader's own. */
export const BookOrder = z.object({
  id: z.number().int(),
  type: z.enum(ORDER_SIDES),
  /** reais per gram */
  price_per_gram: z.number(),
  /** grams still open */
  quantity_grams: z.number(),
  /** reais: price × open grams */
  total_amount: z.number(),
  created_at: isoDateTime(),
  my_order: z.boolean(),
});
export type BookOrder = z.infer<typeof BookOrder>;

/**
 * One of the customer's own orders (spec 2 §3 Order).
 * - open: price_per_gram is its limit price, quantity_grams what is still open, total_amount its value at that price.
 * - filled, and the filled part of a cancelled order in the completed lists: price_per_gram is the average price of
 *   its fills, quantity_grams the grams traded, transaction_fee and iof_fee what was charged, total_amount what was paid
 *   (buy: value + fee + IOF) or received (sell: value − fee − IOF).
 * - in the cancelled list: the limit price, the grams taken off the book and their value at that price.
 */
export const Order = z.object({
  id: z.number().int(),
  type: z.enum(ORDER_SIDES),
  mode: z.enum(ORDER_MODES),
  status: z.enum(ORDER_STATUSES),
  price_per_gram: z.number(),
  quantity_grams: z.number(),
  total_amount: z.number(),
  transaction_fee: z.number(),
  iof_fee: z.number(),
  /** grams the order named when placed, and how many traded */
  ordered_grams: z.number(),
  filled_grams: z.number(),
  created_at: isoDateTime(),
  updated_at: isoDateTime(),
  deleted_at: isoDateTime().nullable(),
  my_order: z.literal(true),
});
export type Order = z.infer<typeof Order>;

/** The market's rates, as the screen's summary needs them. */
export const MarketRates = z.object({
  /** percent (0.5 = 0,5%) */
  transaction_fee: z.number(),
  /** percent (0.38 = 0,38%) */
  iof_fee: z.number(),
  /** reais: the smallest fee of an order (R$ 5,00) */
  minimum_fee: z.number(),
});
export type MarketRates = z.infer<typeof MarketRates>;

/** The lists the orders screen shows, as GET /api/orders and every placement answer them. */
export const OrderBookLists = z.object({
  /** resting sell orders a buyer can take, cheapest first */
  ordersToBuy: z.array(BookOrder),
  /** resting buy orders a seller can take, dearest first */
  ordersToSell: z.array(BookOrder),
  myPendingOrders: z.array(Order),
  /** the last 10 (spec 2 §9) */
  myCompletedOrders: z.array(Order),
});

/** GET /api/orders */
export const OrdersResponse = MarketRates.merge(OrderBookLists).extend({
  /** reais: the annual trading limit, and what is left of it this year (Brasília's calendar year) */
  trading_limit: z.number(),
  trading_limit_left: z.number(),
});
export type OrdersResponse = z.infer<typeof OrdersResponse>;

/** POST /api/order/buy, POST /api/order/sell: the new lists, the order as it stands, and what happened. */
export const PlaceOrderResponse = OrderBookLists.extend({ order: Order, message: z.string() });
export type PlaceOrderResponse = z.infer<typeof PlaceOrderResponse>;

/** DELETE /api/order/{id} */
export const CancelOrderResponse = z.object({ order: z.object({ id: z.number().int() }), message: z.string() });
export type CancelOrderResponse = z.infer<typeof CancelOrderResponse>;

/** GET /api/orders/average-price-per-gram/{buy|sell}/{grams}: the path's grams, parsed into centigrams */
export const AveragePriceParams = withUnits(z.object({ grams: gramsField() }), { grams: 'quantity_cg' });
/** GET /api/orders/quote/{side}/{grams} */
export const OrderQuoteParams = withUnits(
  z.object({ side: z.enum(ORDER_SIDES, { error: MESSAGES.chooseOption }), grams: gramsField() }),
  { grams: 'quantity_cg' },
);
/**
 * Reais per gram: the average price of a market order of that many grams now (the reader's own orders skipped). 0 when
 * the book cannot fill that many grams (the screen then shows no summary: price × quantity is not above 0).
 */
export const AveragePriceResponse = z.number();

/**
 * GET /api/orders/quote/{buy|sell}/{grams}: the summary of a market order of that many grams now, as the server will
 * charge it (the walk's value rounded once, the fee, the IOF). The market form shows it and sends its total back as
 * total_amount. available is false when the book cannot fill that many grams (the other figures are then 0).
 */
export const OrderQuoteResponse = z.object({
  type: z.enum(ORDER_SIDES),
  quantity_grams: z.number(),
  available: z.boolean(),
  /** reais per gram: value / grams */
  price_per_gram: z.number(),
  value: z.number(),
  transaction_fee: z.number(),
  iof_fee: z.number(),
  /** a buy's total to pay, a sell's net to receive */
  total: z.number(),
  /** reais per gram: total / grams (VET) */
  vet_per_gram: z.number(),
  /** a sell only when its net is above zero (spec 2 §4) */
  allowed: z.boolean(),
});
export type OrderQuoteResponse = z.infer<typeof OrderQuoteResponse>;

/** GET /api/orders/completed?page=N&year=YYYY, newest first ("Ordens realizadas"). */
export const CompletedOrdersQuery = z.object({
  page: pageParam(),
  year: decimalParam(2000, 2100).optional(),
});
export const CompletedOrdersResponse = z.object({ orders: pageOf(Order) });
export type CompletedOrdersResponse = z.infer<typeof CompletedOrdersResponse>;

/** GET /api/orders/deleted?page=N, newest first ("Ordens canceladas"). */
export const DeletedOrdersResponse = z.object({ deleted_orders: pageOf(Order) });
export type DeletedOrdersResponse = z.infer<typeof DeletedOrdersResponse>;

/** GET /api/orders/price-history?range=day|week|month: the trades of the period in buckets, oldest first. */
export const PRICE_RANGES = ['day', 'week', 'month'] as const;
export const PriceHistoryQuery = z.object({ range: z.enum(PRICE_RANGES, { error: MESSAGES.chooseOption }) });
export const PriceCandle = z.object({
  /** the bucket's start */
  at: isoDateTime(),
  /** reais per gram */
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  /** grams traded in the bucket */
  volume_grams: z.number(),
});
export const PriceHistoryResponse = z.object({
  range: z.enum(PRICE_RANGES),
  /** minutes per bucket */
  bucket_minutes: z.number().int(),
  candles: z.array(PriceCandle),
  /** reais per gram of the last trade (the latest by time, the figure every screen shows), or null before the first */
  last_price: z.number().nullable(),
  /**
   * reais per gram the period's change is measured against: the last trade before the period began (24 hours ago for
   * the day), or the period's first trade when there was none before; null without trades
   */
  change_reference_price: z.number().nullable(),
});
export type PriceHistoryResponse = z.infer<typeof PriceHistoryResponse>;

/** The back office's market page: rates, the house's position and orders, the book's levels. */
export const MarketSettingsRequest = withUnits(
  z.object({
    /** percent, 0 to 100 with 2 decimals */
    transaction_fee: decimalField(MESSAGES.required, MESSAGES.amountInvalid, MESSAGES.amountInvalid, 10_000, true),
    iof_fee: decimalField(MESSAGES.required, MESSAGES.amountInvalid, MESSAGES.amountInvalid, 10_000, true),
    /** reais, up to R$ 1.000,00 */
    minimum_fee: decimalField(MESSAGES.required, MESSAGES.amountInvalid, MESSAGES.amountInvalid, 100_000, true),
  }),
  { transaction_fee: 'transaction_fee_bps', iof_fee: 'iof_fee_bps', minimum_fee: 'minimum_fee_cents' },
);
export type MarketSettingsRequest = z.input<typeof MarketSettingsRequest>;

export const BookLevel = z.object({ price_per_gram: z.number(), quantity_grams: z.number(), orders: z.number().int() });

export const HouseOrder = z.object({
  id: z.number().int(),
  type: z.enum(ORDER_SIDES),
  price_per_gram: z.number(),
  ordered_grams: z.number(),
  quantity_grams: z.number(),
  filled_grams: z.number(),
  status: z.enum(ORDER_STATUSES),
  created_at: isoDateTime(),
});

export const AdminMarketResponse = MarketRates.extend({
  house: z.object({
    available_reais: z.number(),
    held_reais: z.number(),
    available_grams: z.number(),
    held_grams: z.number(),
  }),
  house_orders: z.array(HouseOrder),
  bids: z.array(BookLevel),
  asks: z.array(BookLevel),
  last_price: z.number().nullable(),
  trades_today: z.number().int(),
  volume_today_grams: z.number(),
});
export type AdminMarketResponse = z.infer<typeof AdminMarketResponse>;

/** POST /api/admin/market/house-orders: a limit order of the house. */
export const HouseOrderRequest = withUnits(
  z.object({
    type: z.enum(ORDER_SIDES, { error: MESSAGES.chooseOption }),
    price_per_gram: pricePerGramField(),
    quantity_grams: gramsField(),
  }),
  { price_per_gram: 'price_per_gram_cents', quantity_grams: 'quantity_cg' },
);
export type HouseOrderRequest = z.input<typeof HouseOrderRequest>;

/**
 * POST /api/admin/market/house-funding: silver the house put in the vault (grams, LEDGER example 9) or reais it paid in
 * (capital received at the company's bank account).
 */
export const HouseFundingRequest = z
  .discriminatedUnion(
    'currency',
    [
      z.object({ currency: z.literal('AG'), amount: gramsField() }),
      z.object({
        currency: z.literal('BRL'),
        amount: decimalField(MESSAGES.required, MESSAGES.amountInvalid, MESSAGES.amountInvalid, 1_000_000_000_000),
      }),
    ],
    { error: MESSAGES.chooseOption },
  )
  // parsed: the silver in centigrams, the reais in centavos
  .transform((funding) =>
    funding.currency === 'AG'
      ? { currency: funding.currency, amount_cg: funding.amount }
      : { currency: funding.currency, amount_cents: funding.amount },
  );
export type HouseFundingRequest = z.input<typeof HouseFundingRequest>;

/** POST /api/admin/market/house-orders */
export const HouseOrderResponse = z.object({ message: z.string(), order: HouseOrder });
export type HouseOrderResponse = z.infer<typeof HouseOrderResponse>;
