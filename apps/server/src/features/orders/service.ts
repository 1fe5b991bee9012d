import {
  feeAndIof,
  formatGrams,
  MESSAGES,
  mulDivHalfUp,
  Order,
  type OrderQuoteResponse,
  OrdersResponse,
  type OrderRates,
  type OrderSide,
  type PlaceOrderInput,
  brasiliaYear,
} from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import { AppError, notFound } from '@/lib/errors';
import { int } from '@/db/integers';
import { HISTORY_PAGE_SIZE, page } from '@/features/history/index';
import { bookAfter, completedListJson, engineOf, ownListsAfterCommit } from './answers';
import { walkLevels } from './core/index';
import type { Outcome, Owner } from './engine';
import { listsBytes, placementBytes } from './placement-bytes';
import { iso, presentBookOrder, presentOrder, presentRates, reais } from './present';
import {
  findOrderRow,
  lastTradePrice,
  type OrderRow,
  type RawBookRow,
  readBook,
  readCandles,
  readCompletedPage,
  readDeletedPage,
  readMarketRates,
  readOverview,
  readOwnLists,
  readWalkLevels,
  referencePrice,
} from './repository/index';

export { BOOK_CHANNEL, bookVersion, engineOf } from './answers';
export { iso, presentRates } from './present';

function presentLists(
  book: { asks: RawBookRow[]; bids: RawBookRow[] },
  own: { pending: OrderRow[]; completed: OrderRow[] },
  userId: number | null,
) {
  const mine = (r: RawBookRow) => userId !== null && r.user_id === String(userId);
  return {
    ordersToBuy: book.asks.map((r) => presentBookOrder(r, mine(r))),
    ordersToSell: book.bids.map((r) => presentBookOrder(r, mine(r))),
    myPendingOrders: own.pending.map((o) => presentOrder(o, 'pending')),
    myCompletedOrders: own.completed.map((o) => presentOrder(o, 'completed')),
  };
}

/** The four lists of the orders screen. `userId` null: the book only (a visitor, an operator). */
export async function orderLists(db: Executor, userId: number | null) {
  const [book, own] = await Promise.all([
    readBook(db),
    userId === null ? { pending: [], completed: [], order: null } : readOwnLists(db, userId, 0),
  ]);
  return presentLists(book, own, userId);
}

/** The market's rates as operators set them. */
export const marketRates = (db: Executor): Promise<OrderRates> => readMarketRates(db);

/** The figures of GET /api/orders besides its lists, encoded through the contract. */
const OverviewFigures = OrdersResponse.pick({
  transaction_fee: true,
  iof_fee: true,
  minimum_fee: true,
  trading_limit: true,
  trading_limit_left: true,
});

/**
 * GET /api/orders (OrdersResponse) as the bytes of its JSON, as the route sends them (placement-bytes.ts): the rates,
 * the trading limit and what is left of it this year (the limit minus what the customer traded and what their open
 * orders are worth), the customer's lists, read in one statement, and the book as encoded once for its version
 * (answers.ts bookAfter: read once per version, by the first answer that needs it).
 */
export async function ordersOverviewBytes(deps: AppDeps, userId: number): Promise<Buffer> {
  const o = await readOverview(deps.database.db, userId, brasiliaYear());
  const book = await bookAfter(deps, o.version);
  const limitCents = o.usage.tradingLimitCents;
  const figures = OverviewFigures.encode({
    ...presentRates(o.rates),
    trading_limit: reais(limitCents),
    trading_limit_left: reais(Math.max(0, limitCents - o.usage.tradedCents - o.usage.openCents)),
  });
  const encode = (r: OrderRow, view: 'pending' | 'completed') => JSON.stringify(Order.encode(presentOrder(r, view)));
  return listsBytes(
    {
      asks: book.asks,
      bids: book.bids,
      reader: String(userId),
      pendingJson: o.pending.map((r) => encode(r, 'pending')),
      completedJson: o.completed.map((r) => encode(r, 'completed')),
    },
    JSON.stringify(figures).slice(1, -1),
  );
}

/**
 * The walk a market order of `quantityCg` centigrams on `side` would make now, read from the database (any instance
 * answers it): the opposite side's open orders in priority order, the reader's own skipped, as the matcher does.
 * `filledCg` below `quantityCg`: the book cannot fill it; `valueCents` is `exact` (Σ price × centigrams) rounded once.
 */
export async function walkBook(
  db: Executor,
  side: OrderSide,
  quantityCg: number,
  userId: number | null,
  onlyHouse = false,
): Promise<{ filledCg: number; exact: number; valueCents: number }> {
  const walk = walkLevels(await readWalkLevels(db, side, quantityCg, userId, onlyHouse), quantityCg);
  return { filledCg: walk.filledCentigrams, exact: walk.exact, valueCents: walk.valueCents };
}

/** GET /api/orders/average-price-per-gram/{side}/{grams}: reais per gram, 0 when the book cannot fill it. */
export async function averagePrice(deps: AppDeps, side: OrderSide, quantityCg: number, userId: number | null) {
  const walk = await walkBook(deps.database.db, side, quantityCg, userId);
  if (walk.filledCg < quantityCg) return 0;
  return reais(mulDivHalfUp(walk.valueCents, 100, quantityCg));
}

/** GET /api/orders/quote/{side}/{grams} */
export async function quote(
  deps: AppDeps,
  side: OrderSide,
  quantityCg: number,
  userId: number,
): Promise<OrderQuoteResponse> {
  const db = deps.database.db;
  const [walk, rates] = await Promise.all([walkBook(db, side, quantityCg, userId), marketRates(db)]);
  const base = { type: side, quantity_grams: quantityCg / 100 };
  if (walk.filledCg < quantityCg) {
    return {
      ...base,
      available: false,
      price_per_gram: 0,
      value: 0,
      transaction_fee: 0,
      iof_fee: 0,
      total: 0,
      vet_per_gram: 0,
      allowed: false,
    };
  }
  const { valueCents } = walk;
  const { feeCents, iofCents } = feeAndIof(valueCents, rates);
  const totalCents = side === 'buy' ? valueCents + feeCents + iofCents : valueCents - feeCents - iofCents;
  return {
    ...base,
    available: true,
    price_per_gram: reais(mulDivHalfUp(valueCents, 100, quantityCg)),
    value: reais(valueCents),
    transaction_fee: reais(feeCents),
    iof_fee: reais(iofCents),
    total: reais(totalCents),
    vet_per_gram: reais(totalCents > 0 ? mulDivHalfUp(totalCents, 100, quantityCg) : 0),
    allowed: side === 'buy' ? valueCents > 0 : totalCents > 0,
  };
}

/** The message of a placement: filled, filled in part with the rest resting, or resting. */
function placedMessage(outcome: Outcome) {
  if (outcome.status === 'filled') return MESSAGES.orderFilled;
  if (outcome.filledCentigrams > 0) {
    return MESSAGES.orderPartiallyFilled(
      formatGrams(outcome.filledCentigrams),
      formatGrams(outcome.quantityCentigrams),
    );
  }
  return MESSAGES.orderResting;
}

/** A customer's order as the order path takes it, each number in its unit. */
export type OrderPlacement = {
  /** absent: limit; a take of `targetOrderId` has none */
  mode?: 'limit' | 'market';
  /** the resting order taken from the table (the screen's "comprar"/"vender" of a row) */
  targetOrderId?: number;
  /** a limit's price, or the taken order's price as the screen showed it */
  pricePerGramCents?: number;
  quantityCentigrams: number;
  /** the total the screen showed: a buy pays at most this, a sell receives at least this */
  expectedTotalCents: number;
};

/** The parsed body of POST /api/order/{side}. */
export function placementOf(input: PlaceOrderInput): OrderPlacement {
  return {
    ...(input.mode === undefined ? {} : { mode: input.mode }),
    ...(input.order_id === undefined ? {} : { targetOrderId: input.order_id }),
    ...(input.price_per_gram_cents === undefined ? {} : { pricePerGramCents: input.price_per_gram_cents }),
    quantityCentigrams: input.quantity_cg,
    expectedTotalCents: input.total_amount_cents,
  };
}

/** The matcher's outcome of one placement. */
function submitPlacement(deps: AppDeps, userId: number, side: OrderSide, placement: OrderPlacement) {
  const { targetOrderId, pricePerGramCents, quantityCentigrams, expectedTotalCents } = placement;
  const price = pricePerGramCents === undefined ? {} : { pricePerGramCents };
  const owner: Owner = { userId };
  const common = { kind: 'place', owner, side, quantityCentigrams, expectedTotalCents, ...price } as const;
  return engineOf(deps).submit(
    targetOrderId !== undefined
      ? { ...common, mode: 'take', targetOrderId }
      : { ...common, mode: placement.mode ?? 'limit' },
  );
}

/** The customer's lists as the placement left them, the placed order among them: the matcher's copy when it knows them. */
async function listsAfter(deps: AppDeps, userId: number, outcome: Outcome) {
  const engine = engineOf(deps);
  const own =
    engine.ownLists(outcome.version, userId, outcome.orderId) ??
    (await ownListsAfterCommit(deps, userId, outcome.orderId));
  if ('learnt' in own && own.learnt) engine.learnCompleted(own.learnt.version, userId, own.learnt.entries);
  if (!own.order) throw new Error(`orders: order ${outcome.orderId} vanished after its commit`);
  return { ...own, order: own.order };
}

/**
 * POST /api/order/buy and /sell: the answer (PlaceOrderResponse) as the bytes of its JSON, as the route sends them
 * (placement-bytes.ts). The book's rows were encoded through the contract when read (once for every answer of that
 * version), the completed orders when first listed (they never change), the rest is encoded now. Every answer is
 * checked against the contract in tests (test/response-contracts.ts), as Fastify's serializer would.
 */
export async function placeOrderBytes(
  deps: AppDeps,
  userId: number,
  side: OrderSide,
  placement: OrderPlacement,
): Promise<Buffer> {
  const outcome = await submitPlacement(deps, userId, side, placement);
  const [book, own] = await Promise.all([bookAfter(deps, outcome.version), listsAfter(deps, userId, outcome)]);
  const view = outcome.status === 'open' && outcome.filledCentigrams === 0 ? 'pending' : 'completed';
  return placementBytes({
    asks: book.asks,
    bids: book.bids,
    reader: String(userId),
    pendingJson: own.pending.map((o) => JSON.stringify(Order.encode(presentOrder(o, 'pending')))),
    completedJson: await completedListJson(deps, own.completed),
    orderJson: JSON.stringify(Order.encode(presentOrder(own.order, view))),
    message: placedMessage(outcome),
  });
}

/** What a placement did, for callers inside the server (the saving plans, the demo): typed, in integer units. */
export type PlacedOrder = {
  orderId: number;
  status: Outcome['status'];
  filledCentigrams: number;
  /** the fills' value, fee and IOF, and what the customer paid (buy) or received (sell) in all */
  valueCents: number;
  feeCents: number;
  iofCents: number;
  totalCents: number;
  message: string;
};

/** Places an order as POST /api/order/{side} does, without the answer's lists and book. */
export async function placeOrder(
  deps: AppDeps,
  userId: number,
  side: OrderSide,
  placement: OrderPlacement,
): Promise<PlacedOrder> {
  const outcome = await submitPlacement(deps, userId, side, placement);
  const row = (await listsAfter(deps, userId, outcome)).order;
  const valueCents = int(row.value_cents);
  const feeCents = int(row.fee_cents);
  const iofCents = int(row.iof_cents);
  return {
    orderId: int(row.id),
    status: outcome.status,
    filledCentigrams: int(row.filled_cg),
    valueCents,
    feeCents,
    iofCents,
    totalCents: side === 'buy' ? valueCents + feeCents + iofCents : valueCents - feeCents - iofCents,
    message: placedMessage(outcome),
  };
}

/** DELETE /api/order/{id}: another customer's order, or none, is a 404; one no longer open is ORDER_NOT_OPEN. */
export async function cancelOrder(deps: AppDeps, owner: Owner, id: number) {
  const row = await findOrderRow(deps.database.db, id);
  const mine =
    row && (owner === 'house' ? row.user_id === null : row.user_id !== null && int(row.user_id) === owner.userId);
  if (!row || !mine) throw notFound();
  if (row.status !== 'open') throw new AppError('ORDER_NOT_OPEN', MESSAGES.orderNotOpen);
  await engineOf(deps).submit({ kind: 'cancel', owner, orderId: id });
  return { order: { id }, message: MESSAGES.orderCancelled };
}

/** GET /api/orders/completed?page&year: orders with fills that are no longer open, newest first. */
export async function completedOrders(db: Executor, userId: number, pageNumber: number, year?: number) {
  const at = { page: pageNumber, perPage: HISTORY_PAGE_SIZE };
  const { found, total } = await readCompletedPage(db, userId, at, year);
  return {
    orders: page(
      found.map((o) => presentOrder(o, 'completed')),
      total,
    ),
  };
}

/** GET /api/orders/deleted?page: cancelled orders, newest first. */
export async function deletedOrders(db: Executor, userId: number, pageNumber: number) {
  const at = { page: pageNumber, perPage: HISTORY_PAGE_SIZE };
  const { found, total } = await readDeletedPage(db, userId, at);
  return {
    deleted_orders: page(
      found.map((o) => presentOrder(o, 'cancelled')),
      total,
    ),
  };
}

/**
 * GET /api/orders/price-history?range: the trades of the period in buckets, oldest first; the last trade's price and the
 * reference of the period's change (repository/last-trade.ts).
 */
export async function priceHistory(db: Executor, range: 'day' | 'week' | 'month') {
  const minutes = { day: 15, week: 120, month: 480 }[range];
  const since = { day: '1 day', week: '7 days', month: '30 days' }[range];
  const [candles, last, reference] = await Promise.all([
    readCandles(db, minutes, since),
    lastTradePrice(db),
    referencePrice(db, since),
  ]);
  return {
    range,
    bucket_minutes: minutes,
    candles: candles.map((c) => ({
      at: iso(c.at),
      open: reais(int(c.open)),
      high: reais(int(c.high)),
      low: reais(int(c.low)),
      close: reais(int(c.close)),
      volume_grams: int(c.volume) / 100,
    })),
    last_price: last === null ? null : reais(last),
    change_reference_price: reference === null ? null : reais(reference),
  };
}
