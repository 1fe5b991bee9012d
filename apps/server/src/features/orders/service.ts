import {
  BookOrder,
  Order,
  feeAndIof,
  formatGrams,
  MESSAGES,
  minorToDecimal,
  mulDivHalfUp,
  type OrderQuoteResponse,
  type OrderRates,
  type OrderSide,
  type PlaceOrderInput,
  PlaceOrderResponse,
  BOOK_ROWS,
  COMPLETED_ORDERS_ON_SCREEN,
} from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { AppError, notFound } from '../../lib/errors';
import { preparedRows } from '../../ledger/index';
import { int, rows } from '../../ledger/sql';
import { perTurn } from '../../lib/per-turn';
import { HISTORY_PAGE_SIZE, page } from '../history/index';
import { lastTradePrice, referencePrice } from './last-trade';
import {
  type BookEntry,
  brasiliaYear,
  type CompletedEntry,
  MarketEngine,
  type Outcome,
  type Owner,
  PENDING_ROWS,
  type WrittenOrder,
} from './engine';

/** The broadcast channel of the book's changes: the market's version. */
export const BOOK_CHANNEL = 'orders:book';

/** One matcher per app (per deps): made on first use, so a server that never trades never starts one. */
const engines = new WeakMap<AppDeps, MarketEngine>();
export function engineOf(deps: AppDeps): MarketEngine {
  const known = engines.get(deps);
  if (known) return known;
  const engine = new MarketEngine(deps.database, deps.config.orderQueueMax);
  // every instance's screens hear of this instance's changes (stream.ts)
  engine.onChange((version) => void deps.broadcast.publish(BOOK_CHANNEL, String(version)));
  // after each batch: the book its answers show, from the matcher's copy; the orders it completed, encoded once for
  // the answers' lists (completedJson: they never change again). Both are only taken here, and encoded in the next
  // turn of the event loop: the next batch is matched and sent first (the chain of batches waits for nothing else).
  engine.onWritten((orders, version) => {
    bookFromEngine(deps, engine, version);
    const completed = orders.filter((o) => o.status !== 'open' && o.filled_cg > 0);
    if (completed.length > 0) completedLater(deps, completed);
  });
  engines.set(deps, engine);
  return engine;
}

/**
 * Forgets what the matcher and the answers know of the orders, after a change made behind the matcher's back (the
 * demos date their orders and trades in the past): the copy of the book, the completed orders' JSON, the book's.
 */
export function forgetOrders(deps: AppDeps) {
  engines.get(deps)?.invalidate();
  completedJsonByApp.delete(deps);
  completedRowsByApp.delete(deps);
  bookCache.delete(deps);
}

/**
 * An order row as the lists read it: bigints as text, or (in the JSON of the batch's reads) as JSON numbers, which
 * parse without a string each; `int` takes both and refuses anything beyond a safe integer. Owners stay text: they are
 * compared with the reader's id as text.
 */
type Big = string | number;
type OrderRow = {
  id: Big;
  user_id: string | null;
  side: OrderSide;
  mode: 'limit' | 'market';
  status: 'open' | 'filled' | 'cancelled';
  price_cents: Big | null;
  quantity_cg: Big;
  remaining_cg: Big;
  filled_cg: Big;
  value_cents: Big;
  fee_cents: Big;
  iof_cents: Big;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
};

const ORDER_COLUMNS = sql`o.id::text, o.user_id::text, o.side, o.mode, o.status, o.price_cents::text,
  o.quantity_cg::text, o.remaining_cg::text, o.filled_cg::text, o.value_cents::text, o.fee_cents::text,
  o.iof_cents::text, o.created_at, o.updated_at, o.deleted_at`;

/** The API's own form (Date#toISOString), as the matcher's copy of the book keeps its times. */
const API_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
/** A timestamp as PostgreSQL's JSON writes it in UTC ('2026-11-26T17:00:00.123456+00:00'), fraction optional. */
const UTC_JSON_TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;
/**
 * The API's timestamp (Date#toISOString: milliseconds, 'Z'). Every order of an answer has three: PostgreSQL's UTC JSON
 * form is rewritten as text (the milliseconds kept, the microseconds dropped, as Date does), five times cheaper than
 * parsing a Date; anything else goes through Date.
 */
export function iso(v: string | Date): string {
  if (typeof v === 'string') {
    if (v.length === 24 && API_TIMESTAMP.test(v)) return v;
    const m = UTC_JSON_TIMESTAMP.exec(v);
    if (m) return `${m[1]}.${(m[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
  }
  return new Date(v).toISOString();
}
const reais = (cents: number) => minorToDecimal(cents);

/**
 * One of the customer's orders, seen from one list (contracts/orders.ts Order):
 * - pending: its limit price, the grams still open, their value at that price;
 * - completed: the average price of its fills, the grams traded, what was paid (buy) or received (sell);
 * - cancelled: its limit price, the grams taken off the book, their value at that price.
 */
export function presentOrder(r: OrderRow, view: 'pending' | 'completed' | 'cancelled'): Order {
  const price = r.price_cents === null ? 0 : int(r.price_cents);
  const remaining = int(r.remaining_cg);
  const filled = int(r.filled_cg);
  const value = int(r.value_cents);
  const fee = int(r.fee_cents);
  const iof = int(r.iof_cents);
  let pricePerGram: number;
  let grams: number;
  let total: number;
  if (view === 'completed') {
    pricePerGram = filled > 0 ? mulDivHalfUp(value, 100, filled) : price;
    grams = filled;
    total = r.side === 'buy' ? value + fee + iof : value - fee - iof;
  } else {
    pricePerGram = price;
    grams = remaining;
    total = mulDivHalfUp(price, remaining, 100);
  }
  return {
    id: int(r.id),
    type: r.side,
    mode: r.mode,
    status: r.status,
    price_per_gram: reais(pricePerGram),
    quantity_grams: grams / 100,
    total_amount: reais(total),
    transaction_fee: reais(fee),
    iof_fee: reais(iof),
    ordered_grams: int(r.quantity_cg) / 100,
    filled_grams: filled / 100,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    deleted_at: r.deleted_at === null ? null : iso(r.deleted_at),
    my_order: true,
  };
}

type BookRow = {
  id: Big;
  side: OrderSide;
  price_cents: Big;
  remaining_cg: Big;
  created_at: string;
  mine: boolean;
};

const presentBookOrder = (r: BookRow): BookOrder => ({
  id: int(r.id),
  type: r.side,
  price_per_gram: reais(int(r.price_cents)),
  quantity_grams: int(r.remaining_cg) / 100,
  total_amount: reais(mulDivHalfUp(int(r.price_cents), int(r.remaining_cg), 100)),
  created_at: iso(r.created_at),
  my_order: r.mine,
});

type RawBookRow = BookRow & { user_id: string | null };

/** The best resting orders of each side, with their owners (who is shown only as "mine or not", per reader). */
const BOOK_STATEMENT = (() => {
  const side = (s: OrderSide, order: string) => `(select coalesce(json_agg(x), '[]'::json) from (
      select o.id, o.side, o.price_cents, o.remaining_cg, o.created_at, o.user_id::text
        from orders o where o.status = 'open' and o.side = '${s}' order by ${order} limit ${Number(BOOK_ROWS)}) x)`;
  return `select ${side('sell', 'o.price_cents asc, o.id asc')} as asks, ${side('buy', 'o.price_cents desc, o.id asc')} as bids`;
})();
async function bookRows(db: Executor) {
  const [r] = await preparedRows<{ asks: RawBookRow[]; bids: RawBookRow[] }>(db, 'orders_book', BOOK_STATEMENT, []);
  return { asks: r?.asks ?? [], bids: r?.bids ?? [] };
}

/** A reader's own open orders, their last completed ones, and (for a placement's answer) one order, in one statement. */
async function ownLists(db: Executor, userId: number, orderId: number) {
  const [r] = await rows<{ pending: OrderRow[]; completed: OrderRow[]; order: OrderRow | null }>(
    db,
    sql`select (select coalesce(json_agg(x), '[]'::json) from (
                  select ${ORDER_COLUMNS} from orders o where o.user_id = ${userId} and o.status = 'open'
                   order by o.id desc limit ${Number(PENDING_ROWS)}) x) as pending,
               (select coalesce(json_agg(x), '[]'::json) from (
                  select ${ORDER_COLUMNS} from orders o
                   where o.user_id = ${userId} and o.status <> 'open' and o.filled_cg > 0
                   order by o.updated_at desc, o.id desc limit ${COMPLETED_ORDERS_ON_SCREEN}) x) as completed,
               (select row_to_json(x) from (select ${ORDER_COLUMNS} from orders o where o.id = ${orderId}) x) as order`,
  );
  return { pending: r?.pending ?? [], completed: r?.completed ?? [], order: r?.order ?? null };
}

/** A placement's answer's own lists: its pending orders, the ids of its last completed ones (newest first), its order. */
type OwnLists = {
  pending: OrderRow[];
  completed: number[];
  order: OrderRow | null;
  /** the last completed orders with their times, and the market's version the statement saw (learnCompleted) */
  learnt?: { version: number; entries: CompletedEntry[] };
};
type OwnAsk = { userId: number; orderId: number };

/**
 * The placements' answers' own lists, read together: every answer of a batch is written in the same turn of the event
 * loop once its batch commits, and each asks for its customer's lists and order; they are gathered until the next turn
 * and read in one statement (the same subqueries as ownLists, once per ask).
 */
const ownListsInTurn = perTurn((deps: AppDeps, asks: OwnAsk[]) => readOwnLists(deps.database.db, asks));
const ownListsAfterCommit = (deps: AppDeps, userId: number, orderId: number) =>
  ownListsInTurn(deps, { userId, orderId });

/** The lists of every answer of a batch ($1 the customers, $2 their orders): ownLists' subqueries, once per ask. */
const OWN_LISTS_STATEMENT = (() => {
  // bigints as JSON numbers (OrderRow)
  const columns = `o.id, o.user_id::text, o.side, o.mode, o.status, o.price_cents, o.quantity_cg, o.remaining_cg,
    o.filled_cg, o.value_cents, o.fee_cents, o.iof_cents, o.created_at, o.updated_at, o.deleted_at`;
  return `select q.i::text,
         (select coalesce(json_agg(x), '[]'::json) from (
            select ${columns} from orders o where o.user_id = q.u and o.status = 'open'
             order by o.id desc limit ${Number(PENDING_ROWS)}) x) as pending,
         (select coalesce(json_agg(json_build_array(x.id, x.updated_at)), '[]'::json) from (
            select o.id, o.updated_at from orders o
             where o.user_id = q.u and o.status <> 'open' and o.filled_cg > 0
             order by o.updated_at desc, o.id desc limit ${Number(COMPLETED_ORDERS_ON_SCREEN)}) x) as completed,
         (select row_to_json(x) from (select ${columns} from orders o where o.id = q.o) x) as order,
         (select version from market_state) as version
    from unnest($1::bigint[], $2::bigint[]) with ordinality as q(u, o, i)`;
})();

/** Orders by id ($1), as the answers' lists read them: the completed ones an answer lists and this process never saw. */
const ORDERS_BY_ID_STATEMENT = `select coalesce(json_agg(x), '[]'::json) as found from (
    select o.id, o.user_id::text, o.side, o.mode, o.status, o.price_cents, o.quantity_cg, o.remaining_cg, o.filled_cg,
           o.value_cents, o.fee_cents, o.iof_cents, o.created_at, o.updated_at, o.deleted_at
      from orders o where o.id = any($1::bigint[])) x`;

async function readOwnLists(db: Executor, asks: OwnAsk[]): Promise<OwnLists[]> {
  const found = await preparedRows<{
    i: string;
    pending: OrderRow[];
    completed: Array<[number, string]>;
    order: OrderRow | null;
    version: string;
  }>(db, 'orders_own_lists', OWN_LISTS_STATEMENT, [asks.map((a) => a.userId), asks.map((a) => a.orderId)]);
  const byIndex = new Map(found.map((r) => [int(r.i), r]));
  return asks.map((_, k) => {
    const r = byIndex.get(k + 1);
    if (!r) return { pending: [], completed: [], order: null };
    const entries = r.completed.map(([id, at]) => ({ id: int(id), at: iso(at) }));
    return {
      pending: r.pending,
      completed: entries.map((e) => e.id),
      order: r.order,
      learnt: { version: int(r.version), entries },
    };
  });
}

function presentLists(
  book: { asks: RawBookRow[]; bids: RawBookRow[] },
  own: { pending: OrderRow[]; completed: OrderRow[] },
  userId: number | null,
) {
  const mine = (r: RawBookRow): BookRow => ({ ...r, mine: userId !== null && r.user_id === String(userId) });
  return {
    ordersToBuy: book.asks.map((r) => presentBookOrder(mine(r))),
    ordersToSell: book.bids.map((r) => presentBookOrder(mine(r))),
    myPendingOrders: own.pending.map((o) => presentOrder(o, 'pending')),
    myCompletedOrders: own.completed.map((o) => presentOrder(o, 'completed')),
  };
}

/** The four lists of the orders screen. `userId` null: the book only (a visitor, an operator). */
export async function orderLists(db: Executor, userId: number | null) {
  const [book, own] = await Promise.all([
    bookRows(db),
    userId === null ? { pending: [], completed: [], order: null } : ownLists(db, userId, 0),
  ]);
  return presentLists(book, own, userId);
}

/**
 * A resting order of the book as a placement's answer writes it: its JSON, encoded through the contract's BookOrder
 * once per book read, in both of its readings (`f`: another's order, `t`: the reader's own; `my_order` is the last key).
 */
type BookJson = { owner: string | null; f: string; t: string };
const MY_ORDER_FALSE = '"my_order":false}';

function bookJson(r: RawBookRow): BookJson {
  const f = JSON.stringify(BookOrder.encode(presentBookOrder({ ...r, mine: false })));
  const t = f.endsWith(MY_ORDER_FALSE)
    ? `${f.slice(0, -MY_ORDER_FALSE.length)}"my_order":true}`
    : JSON.stringify(BookOrder.encode(presentBookOrder({ ...r, mine: true })));
  return { owner: r.user_id, f, t };
}

/**
 * The book as the answers to placements show it, read and encoded once per batch: every request of a batch (and of
 * later ones, until the next read) shares one read made at or after its batch's version.
 */
const bookCache = new WeakMap<AppDeps, { version: number; json: Promise<{ asks: BookJson[]; bids: BookJson[] }> }>();
function bookAfter(deps: AppDeps, version: number) {
  const cached = bookCache.get(deps);
  if (cached && cached.version >= version) return cached.json;
  const fresh = bookRows(deps.database.db).then((b) => ({ asks: b.asks.map(bookJson), bids: b.bids.map(bookJson) }));
  bookCache.set(deps, { version, json: fresh });
  fresh.catch(() => {
    if (bookCache.get(deps)?.json === fresh) bookCache.delete(deps);
  });
  return fresh;
}

/**
 * The book of `version` from the matcher's copy, just committed (no read): the answers of that batch, and any later
 * one until the next, share it. When the copy is not at that version, the answers read the database (bookAfter).
 */
function bookFromEngine(deps: AppDeps, engine: MarketEngine, version: number) {
  const top = engine.bookTop(version, BOOK_ROWS);
  if (top === null) return;
  const raw = (e: BookEntry): RawBookRow => ({
    id: e.id,
    side: e.side,
    price_cents: e.pricePerGramCents,
    remaining_cg: e.remainingCentigrams,
    created_at: e.createdAt,
    user_id: e.userId === null ? null : String(e.userId),
    mine: false,
  });
  const json = new Promise<{ asks: BookJson[]; bids: BookJson[] }>((resolve) => {
    setImmediate(() =>
      resolve({ asks: top.asks.map((e) => bookJson(raw(e))), bids: top.bids.map((e) => bookJson(raw(e))) }),
    );
  });
  bookCache.set(deps, { version, json });
}

/**
 * A side of the book as bytes, made once per side (kept on the array): its rows joined as others read them, where
 * each row starts and ends in it, and which rows each owner has.
 */
type SideBytes = { plain: Buffer; spans: Array<[start: number, end: number]>; owned: Map<string, number[]> };
function sideBytesOf(side: BookJson[] & { bytes?: SideBytes }): SideBytes {
  if (side.bytes) return side.bytes;
  const spans: Array<[number, number]> = [];
  const owned = new Map<string, number[]>();
  let at = 0;
  side.forEach((r, i) => {
    const length = Buffer.byteLength(r.f);
    spans.push([at, at + length]);
    at += length + 1; // the comma
    if (r.owner === null) return;
    const rows = owned.get(r.owner);
    if (rows) rows.push(i);
    else owned.set(r.owner, [i]);
  });
  side.bytes = { plain: Buffer.from(side.map((r) => r.f).join(',')), spans, owned };
  return side.bytes;
}

/**
 * A side of the book for one reader, as the pieces of its JSON's bytes: the rows as encoded once, each in the reader's
 * reading of `my_order`. A reader who owns none of them (nearly everyone) gets the side as joined and encoded once for
 * all; an owner gets the same buffer's pieces around their own rows, and those rows in their reading. So thousands of
 * answers of one version share one buffer, and an answer copies its 12 KB once, into its own.
 */
function sidePieces(side: BookJson[], owner: string): Buffer[] {
  const { plain, spans, owned } = sideBytesOf(side);
  const mine = owned.get(owner);
  if (mine === undefined) return [plain];
  const pieces: Buffer[] = [];
  let from = 0;
  for (const i of mine) {
    const [start, end] = spans[i]!;
    pieces.push(plain.subarray(from, start), Buffer.from(side[i]!.t));
    from = end;
  }
  pieces.push(plain.subarray(from));
  return pieces;
}
const ANSWER_HEAD = Buffer.from('{"ordersToBuy":[');
const ANSWER_BETWEEN_SIDES = Buffer.from('],"ordersToSell":[');

/** The answer's pending orders, and its order with the message: encoded through the contract per answer. */
const PlacementPending = PlaceOrderResponse.pick({ myPendingOrders: true });
const PlacementOrder = PlaceOrderResponse.pick({ order: true, message: true });

/**
 * A completed order as the answers list it, encoded through the contract's Order once: a completed order (filled, or
 * cancelled with fills) never changes again, and a customer's last completed orders come back in each of their answers.
 * At most COMPLETED_JSON_MAX per app, the oldest forgotten first.
 */
const COMPLETED_JSON_MAX = 50_000;
const completedJsonByApp = new WeakMap<AppDeps, Map<number, string>>();
function completedJson(deps: AppDeps, r: OrderRow): string {
  let cache = completedJsonByApp.get(deps);
  if (!cache) {
    cache = new Map();
    completedJsonByApp.set(deps, cache);
  }
  const id = int(r.id);
  const known = r.status === 'open' ? undefined : cache.get(id);
  if (known !== undefined) return known;
  const json = JSON.stringify(Order.encode(presentOrder(r, 'completed')));
  if (r.status !== 'open') {
    if (cache.size >= COMPLETED_JSON_MAX) cache.delete(cache.keys().next().value!);
    cache.set(id, json);
  }
  return json;
}

/** Orders a batch just completed, not yet encoded (completedLater), by app and id. */
const completedRowsByApp = new WeakMap<AppDeps, Map<number, WrittenOrder>>();

/** Keeps the orders a batch completed, and encodes them in the next turn (or at once when an answer asks first). */
function completedLater(deps: AppDeps, orders: WrittenOrder[]) {
  let rows = completedRowsByApp.get(deps);
  if (!rows) {
    rows = new Map();
    completedRowsByApp.set(deps, rows);
  }
  const first = rows.size === 0;
  for (const o of orders) rows.set(o.id, o);
  if (!first) return;
  setImmediate(() => {
    const waiting = completedRowsByApp.get(deps);
    if (!waiting) return;
    for (const id of [...waiting.keys()]) knownCompletedJson(deps, id);
  });
}

/** The JSON of completed orders by id, as known to this app (null: not known yet). */
function knownCompletedJson(deps: AppDeps, id: number): string | null {
  const known = completedJsonByApp.get(deps)?.get(id);
  if (known !== undefined) return known;
  const waiting = completedRowsByApp.get(deps);
  const o = waiting?.get(id);
  if (!o) return null;
  waiting!.delete(id);
  return completedJson(deps, { ...o, user_id: o.user_id === null ? null : String(o.user_id) });
}

/**
 * The answer's completed orders, newest first, as JSON: each encoded once in its life (the matcher hands over the orders
 * its batches complete, see engineOf; an order this app never saw, completed by another instance or before it
 * started, is read once, here).
 */
async function completedListJson(deps: AppDeps, ids: number[]): Promise<string> {
  const missing = ids.filter((id) => knownCompletedJson(deps, id) === null);
  if (missing.length > 0) {
    const [r] = await preparedRows<{ found: OrderRow[] }>(deps.database.db, 'orders_by_id', ORDERS_BY_ID_STATEMENT, [
      missing,
    ]);
    for (const row of r?.found ?? []) completedJson(deps, row);
  }
  return ids
    .map((id) => {
      const json = knownCompletedJson(deps, id);
      if (json === null) throw new Error(`orders: completed order ${id} vanished`);
      return json;
    })
    .join(',');
}

/** The market's rates as operators set them. */
export async function marketRates(db: Executor): Promise<OrderRates> {
  const [r] = await rows<{ fee_rate_bps: number; iof_rate_bps: number; minimum_fee_cents: string }>(
    db,
    sql`select fee_rate_bps, iof_rate_bps, minimum_fee_cents::text from market_settings`,
  );
  if (!r) throw new Error('orders: market_settings is missing');
  return { feeRateBps: r.fee_rate_bps, iofRateBps: r.iof_rate_bps, minimumFeeCents: int(r.minimum_fee_cents) };
}

export const presentRates = (rates: OrderRates) => ({
  transaction_fee: rates.feeRateBps / 100,
  iof_fee: rates.iofRateBps / 100,
  minimum_fee: reais(rates.minimumFeeCents),
});

/** What a customer may still trade this year: the limit minus what they traded and what their open orders are worth. */
async function tradingLimit(db: Executor, userId: number) {
  const [r] = await rows<{ limit: string; traded: string; open: string }>(
    db,
    sql`select u.trading_limit_cents::text as limit,
               coalesce((select traded_cents from trading_usage where user_id = u.id and year = ${brasiliaYear()}), 0)::text
                 as traded,
               coalesce((select sum(round(price_cents * remaining_cg / 100.0)) from orders
                          where user_id = u.id and status = 'open'), 0)::bigint::text as open
          from users u where u.id = ${userId}`,
  );
  const limit = int(r?.limit ?? 0);
  return { limit, left: Math.max(0, limit - int(r?.traded ?? 0) - int(r?.open ?? 0)) };
}

/** GET /api/orders */
export async function ordersOverview(deps: AppDeps, userId: number) {
  const db = deps.database.db;
  const [lists, rates, limit] = await Promise.all([orderLists(db, userId), marketRates(db), tradingLimit(db, userId)]);
  return {
    ...presentRates(rates),
    trading_limit: reais(limit.limit),
    trading_limit_left: reais(limit.left),
    ...lists,
  };
}

/**
 * The walk a market order of `quantity` centigrams on `side` would make now, read from the database (any instance
 * answers it): the opposite side's open orders in priority order, the reader's own skipped, as the matcher does.
 */
export async function walkBook(
  db: Executor,
  side: OrderSide,
  quantity: number,
  userId: number | null,
  onlyHouse = false,
) {
  const opposite = side === 'buy' ? 'sell' : 'buy';
  const order = side === 'buy' ? sql`price_cents asc, id asc` : sql`price_cents desc, id asc`;
  const found = await rows<{ price_cents: string; remaining_cg: string }>(
    db,
    sql`select price_cents::text, remaining_cg::text from (
          select id, price_cents, remaining_cg,
                 sum(remaining_cg) over (order by ${order} rows unbounded preceding) - remaining_cg as before
            from orders
           where status = 'open' and side = ${opposite}
             and ${userId === null ? sql`true` : sql`user_id is distinct from ${userId}`}
             and ${onlyHouse ? sql`user_id is null` : sql`true`}) x
         where before < ${quantity} order by ${order}`,
  );
  let left = quantity;
  let exact = 0;
  for (const r of found) {
    const q = Math.min(left, int(r.remaining_cg));
    exact += int(r.price_cents) * q;
    left -= q;
    if (left === 0) break;
  }
  return { filled: quantity - left, exact, value: mulDivHalfUp(exact, 1, 100) };
}

/** GET /api/orders/average-price-per-gram/{side}/{grams}: reais per gram, 0 when the book cannot fill it. */
export async function averagePrice(deps: AppDeps, side: OrderSide, quantity: number, userId: number | null) {
  const walk = await walkBook(deps.database.db, side, quantity, userId);
  if (walk.filled < quantity) return 0;
  return reais(mulDivHalfUp(walk.value, 100, quantity));
}

/** GET /api/orders/quote/{side}/{grams} */
export async function quote(
  deps: AppDeps,
  side: OrderSide,
  quantity: number,
  userId: number,
): Promise<OrderQuoteResponse> {
  const db = deps.database.db;
  const [walk, rates] = await Promise.all([walkBook(db, side, quantity, userId), marketRates(db)]);
  const base = { type: side, quantity_grams: quantity / 100 };
  if (walk.filled < quantity) {
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
  const { feeCents, iofCents } = feeAndIof(walk.value, rates);
  const total = side === 'buy' ? walk.value + feeCents + iofCents : walk.value - feeCents - iofCents;
  return {
    ...base,
    available: true,
    price_per_gram: reais(mulDivHalfUp(walk.value, 100, quantity)),
    value: reais(walk.value),
    transaction_fee: reais(feeCents),
    iof_fee: reais(iofCents),
    total: reais(total),
    vet_per_gram: reais(total > 0 ? mulDivHalfUp(total, 100, quantity) : 0),
    allowed: side === 'buy' ? walk.value > 0 : total > 0,
  };
}

async function findOrder(db: Executor, id: number) {
  const [r] = await rows<OrderRow>(db, sql`select ${ORDER_COLUMNS} from orders o where o.id = ${id}`);
  return r;
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

/**
 * POST /api/order/buy and /sell: the answer (PlaceOrderResponse) as the bytes of its JSON, as the route sends them.
 * Bytes rather than text: the book's sides are shared buffers (sidePieces), so an answer costs one copy of its 12 KB
 * into its own buffer, where a string was flattened, prefixed with the headers and encoded again for each answer.
 */
export async function placeOrderBytes(
  deps: AppDeps,
  userId: number,
  side: OrderSide,
  input: PlaceOrderInput,
): Promise<Buffer> {
  const owner: Owner = { userId };
  const outcome = await engineOf(deps).submit(
    input.order_id !== undefined
      ? {
          kind: 'place',
          owner,
          side,
          mode: 'take',
          targetOrderId: input.order_id,
          quantityCentigrams: input.quantity_grams,
          expectedTotalCents: input.total_amount,
          ...(input.price_per_gram === undefined ? {} : { pricePerGramCents: input.price_per_gram }),
        }
      : {
          kind: 'place',
          owner,
          side,
          mode: input.mode ?? 'limit',
          quantityCentigrams: input.quantity_grams,
          expectedTotalCents: input.total_amount,
          ...(input.price_per_gram === undefined ? {} : { pricePerGramCents: input.price_per_gram }),
        },
  );
  // the customer's lists from the matcher's copy as the batch left it, when it knows them; else read
  const engine = engineOf(deps);
  const known = engine.ownLists(outcome.version, userId, outcome.orderId);
  const [book, own] = await Promise.all([
    bookAfter(deps, outcome.version),
    known ?? ownListsAfterCommit(deps, userId, outcome.orderId),
  ]);
  if ('learnt' in own && own.learnt) engine.learnCompleted(own.learnt.version, userId, own.learnt.entries);
  if (!own.order) throw new Error(`orders: order ${outcome.orderId} vanished after its commit`);
  // PlaceOrderResponse, written here rather than by the route's serializer: the book's rows were encoded through the
  // contract when read (once for every answer of that version), the completed orders when first listed (they never
  // change), the rest is encoded now; the keys in the schema's order
  const pending = JSON.stringify(
    PlacementPending.encode({ myPendingOrders: own.pending.map((o) => presentOrder(o, 'pending')) }),
  );
  const completed = await completedListJson(deps, own.completed);
  const tail = JSON.stringify(
    PlacementOrder.encode({
      order: presentOrder(
        own.order,
        outcome.status === 'open' && outcome.filledCentigrams === 0 ? 'pending' : 'completed',
      ),
      message: placedMessage(outcome),
    }),
  );
  const me = String(userId);
  return Buffer.concat([
    ANSWER_HEAD,
    ...sidePieces(book.asks, me),
    ANSWER_BETWEEN_SIDES,
    ...sidePieces(book.bids, me),
    Buffer.from(`],${pending.slice(1, -1)},"myCompletedOrders":[${completed}],${tail.slice(1)}`),
  ]);
}

/** A placement's answer as an object (the demo's start, callers inside the server). */
export async function placeOrder(
  deps: AppDeps,
  userId: number,
  side: OrderSide,
  input: PlaceOrderInput,
): Promise<PlaceOrderResponse> {
  return JSON.parse((await placeOrderBytes(deps, userId, side, input)).toString()) as PlaceOrderResponse;
}

/** DELETE /api/order/{id}: another customer's order, or none, is a 404; one no longer open is ORDER_NOT_OPEN. */
export async function cancelOrder(deps: AppDeps, owner: Owner, id: number) {
  const row = await findOrder(deps.database.db, id);
  const mine =
    row && (owner === 'house' ? row.user_id === null : row.user_id !== null && int(row.user_id) === owner.userId);
  if (!row || !mine) throw notFound();
  if (row.status !== 'open') throw new AppError('ORDER_NOT_OPEN', MESSAGES.orderNotOpen);
  await engineOf(deps).submit({ kind: 'cancel', owner, orderId: id });
  return { order: { id }, message: MESSAGES.orderCancelled };
}

/** GET /api/orders/completed?page&year: orders with fills that are no longer open, newest first. */
export async function completedOrders(db: Executor, userId: number, pageNumber: number, year?: number) {
  const inYear =
    year === undefined
      ? sql`true`
      : sql`o.updated_at >= make_timestamptz(${year}, 1, 1, 0, 0, 0, 'America/Sao_Paulo')
            and o.updated_at < make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, 'America/Sao_Paulo')`;
  const where = sql`o.user_id = ${userId} and o.status <> 'open' and o.filled_cg > 0 and ${inYear}`;
  const [found, [count]] = await Promise.all([
    rows<OrderRow>(
      db,
      sql`select ${ORDER_COLUMNS} from orders o where ${where} order by o.updated_at desc, o.id desc
           limit ${HISTORY_PAGE_SIZE} offset ${(pageNumber - 1) * HISTORY_PAGE_SIZE}`,
    ),
    rows<{ n: string }>(db, sql`select count(*)::text as n from orders o where ${where}`),
  ]);
  return {
    orders: page(
      found.map((o) => presentOrder(o, 'completed')),
      int(count?.n ?? 0),
    ),
  };
}

/** GET /api/orders/deleted?page: cancelled orders, newest first. */
export async function deletedOrders(db: Executor, userId: number, pageNumber: number) {
  const where = sql`o.user_id = ${userId} and o.status = 'cancelled'`;
  const [found, [count]] = await Promise.all([
    rows<OrderRow>(
      db,
      sql`select ${ORDER_COLUMNS} from orders o where ${where} order by o.deleted_at desc, o.id desc
           limit ${HISTORY_PAGE_SIZE} offset ${(pageNumber - 1) * HISTORY_PAGE_SIZE}`,
    ),
    rows<{ n: string }>(db, sql`select count(*)::text as n from orders o where ${where}`),
  ]);
  return {
    deleted_orders: page(
      found.map((o) => presentOrder(o, 'cancelled')),
      int(count?.n ?? 0),
    ),
  };
}

/**
 * GET /api/orders/price-history?range: the trades of the period in buckets, oldest first; the last trade's price and the
 * reference of the period's change (last-trade.ts).
 */
export async function priceHistory(db: Executor, range: 'day' | 'week' | 'month') {
  const minutes = { day: 15, week: 120, month: 480 }[range];
  const since = { day: '1 day', week: '7 days', month: '30 days' }[range];
  const candles = await rows<{ at: string; open: string; high: string; low: string; close: string; volume: string }>(
    db,
    sql`select to_timestamp(floor(extract(epoch from created_at) / ${minutes * 60}) * ${minutes * 60}) as at,
               (array_agg(price_cents order by id))[1]::text as open, max(price_cents)::text as high,
               min(price_cents)::text as low, (array_agg(price_cents order by id desc))[1]::text as close,
               sum(quantity_cg)::text as volume
          from trades where created_at >= now() - ${since}::interval
         group by 1 order by 1`,
  );
  const [last, reference] = await Promise.all([lastTradePrice(db), referencePrice(db, since)]);
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
