import {
  BOOK_ROWS,
  COMPLETED_ORDERS_ON_SCREEN,
  type OrderRates,
  type OrderSide,
  brasiliaYearStart,
} from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { preparedRows, rows } from '@/db/sql';
import { int } from '@/db/integers';
import { type PageAt, type PageTotal, readPage } from '@/lib/paging';
import { PENDING_ROWS } from '../copy';
import type { WalkLevel } from '../core/index';

/**
 * An order row as the lists read it: bigints as text, or (in the JSON of the batch's reads) as JSON numbers, which
 * parse without a string each; `int` takes both and refuses anything beyond a safe integer. Owners stay text: they are
 * compared with the reader's id as text.
 */
type Big = string | number;
export type OrderRow = {
  id: Big;
  user_id: string | null;
  side: OrderSide;
  mode: 'limit' | 'market';
  status: 'open' | 'filled' | 'cancelled';
  price_cents: Big | null;
  quantity_cg: Big;
  remaining_cg: Big;
  filled_cg: Big;
  /** Σ price × centigrams of its fills (centavos × centigrams): its average price, unrounded */
  exact: Big;
  value_cents: Big;
  fee_cents: Big;
  iof_cents: Big;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
};

/** A resting order as the book's table reads it, with its owner. */
export type RawBookRow = {
  id: Big;
  side: OrderSide;
  price_cents: Big;
  remaining_cg: Big;
  created_at: string;
  user_id: string | null;
};

const ORDER_COLUMNS = sql`o.id::text, o.user_id::text, o.side, o.mode, o.status, o.price_cents::text,
  o.quantity_cg::text, o.remaining_cg::text, o.filled_cg::text, o.exact::text, o.value_cents::text, o.fee_cents::text,
  o.iof_cents::text, o.created_at, o.updated_at, o.deleted_at`;

/** The best resting orders of each side, with their owners (who is shown only as "mine or not", per reader). */
const BOOK_STATEMENT = (() => {
  const side = (s: OrderSide, order: string) => `(select coalesce(json_agg(x), '[]'::json) from (
      select o.id, o.side, o.price_cents, o.remaining_cg, o.created_at, o.user_id::text
        from orders o where o.status = 'open' and o.side = '${s}' order by ${order} limit ${Number(BOOK_ROWS)}) x)`;
  return `select ${side('sell', 'o.price_cents asc, o.id asc')} as asks, ${side('buy', 'o.price_cents desc, o.id asc')} as bids`;
})();
export async function readBook(db: Executor) {
  const [r] = await preparedRows<{ asks: RawBookRow[]; bids: RawBookRow[] }>(db, 'orders_book', BOOK_STATEMENT, []);
  return { asks: r?.asks ?? [], bids: r?.bids ?? [] };
}

/** A reader's own open orders, their last completed ones, and (for a placement's answer) one order, in one statement. */
export async function readOwnLists(db: Executor, userId: number, orderId: number) {
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

/**
 * GET /api/orders in one statement ($1 the customer, $2 the Brasília year): the market's version (the book, read and
 * encoded once per version, comes from answers.ts), the customer's open and last completed orders (readOwnLists'), the
 * rates, the customer's trading limit, what they traded in the year and what their open orders are worth. One pooled
 * connection and one round trip per call instead of four.
 */
const OVERVIEW_STATEMENT = (() => {
  const columns = `o.id::text, o.user_id::text, o.side, o.mode, o.status, o.price_cents::text, o.quantity_cg::text,
    o.remaining_cg::text, o.filled_cg::text, o.exact::text, o.value_cents::text, o.fee_cents::text, o.iof_cents::text, o.created_at,
    o.updated_at, o.deleted_at`;
  return `select (select version from market_state)::text as version,
         (select coalesce(json_agg(x), '[]'::json) from (
            select ${columns} from orders o where o.user_id = $1 and o.status = 'open'
             order by o.id desc limit ${Number(PENDING_ROWS)}) x) as pending,
         (select coalesce(json_agg(x), '[]'::json) from (
            select ${columns} from orders o where o.user_id = $1 and o.status <> 'open' and o.filled_cg > 0
             order by o.updated_at desc, o.id desc limit ${Number(COMPLETED_ORDERS_ON_SCREEN)}) x) as completed,
         s.fee_rate_bps, s.iof_rate_bps, s.minimum_fee_cents::text,
         u.trading_limit_cents::text as limit,
         coalesce((select traded_cents from trading_usage where user_id = u.id and year = $2), 0)::text as traded,
         coalesce((select sum(round(price_cents * remaining_cg / 100.0)) from orders
                    where user_id = u.id and status = 'open'), 0)::bigint::text as open
    from market_settings s left join users u on u.id = $1`;
})();

export type Overview = {
  /** the market's version when read: the book shown with it is of this version or later */
  version: number;
  pending: OrderRow[];
  completed: OrderRow[];
  rates: OrderRates;
  usage: { tradingLimitCents: number; tradedCents: number; openCents: number };
};

/** What the orders screen shows a customer besides the book (GET /api/orders), read together: OVERVIEW_STATEMENT. */
export async function readOverview(db: Executor, userId: number, year: number): Promise<Overview> {
  const [r] = await preparedRows<{
    version: string;
    pending: OrderRow[];
    completed: OrderRow[];
    fee_rate_bps: number;
    iof_rate_bps: number;
    minimum_fee_cents: string;
    limit: string | null;
    traded: string;
    open: string;
  }>(db, 'orders_overview', OVERVIEW_STATEMENT, [userId, year]);
  if (!r) throw new Error('orders: market_settings is missing');
  return {
    version: int(r.version),
    pending: r.pending,
    completed: r.completed,
    rates: { feeRateBps: r.fee_rate_bps, iofRateBps: r.iof_rate_bps, minimumFeeCents: int(r.minimum_fee_cents) },
    usage: { tradingLimitCents: int(r.limit ?? 0), tradedCents: int(r.traded), openCents: int(r.open) },
  };
}

/** The lists of every answer of a batch ($1 the customers, $2 their orders): readOwnLists' subqueries, once per ask. */
const OWN_LISTS_STATEMENT = (() => {
  // bigints as JSON numbers (OrderRow)
  const columns = `o.id, o.user_id::text, o.side, o.mode, o.status, o.price_cents, o.quantity_cg, o.remaining_cg,
    o.filled_cg, o.exact, o.value_cents, o.fee_cents, o.iof_cents, o.created_at, o.updated_at, o.deleted_at`;
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

/** Many answers' lists in one statement: by ask (1-based `i`), the completed orders as [id, updated_at]. */
export async function readOwnListsOf(db: Executor, asks: Array<{ userId: number; orderId: number }>) {
  return preparedRows<{
    i: string;
    pending: OrderRow[];
    completed: Array<[number, string]>;
    order: OrderRow | null;
    version: string;
  }>(db, 'orders_own_lists', OWN_LISTS_STATEMENT, [asks.map((a) => a.userId), asks.map((a) => a.orderId)]);
}

/** Orders by id ($1), as the answers' lists read them: the completed ones an answer lists and this process never saw. */
const ORDERS_BY_ID_STATEMENT = `select coalesce(json_agg(x), '[]'::json) as found from (
    select o.id, o.user_id::text, o.side, o.mode, o.status, o.price_cents, o.quantity_cg, o.remaining_cg, o.filled_cg,
           o.exact, o.value_cents, o.fee_cents, o.iof_cents, o.created_at, o.updated_at, o.deleted_at
      from orders o where o.id = any($1::bigint[])) x`;
export async function readOrdersById(db: Executor, ids: number[]): Promise<OrderRow[]> {
  const [r] = await preparedRows<{ found: OrderRow[] }>(db, 'orders_by_id', ORDERS_BY_ID_STATEMENT, [ids]);
  return r?.found ?? [];
}

export async function findOrderRow(db: Executor, id: number): Promise<OrderRow | undefined> {
  const [r] = await rows<OrderRow>(db, sql`select ${ORDER_COLUMNS} from orders o where o.id = ${id}`);
  return r;
}

/** The market's rates as operators set them. */
export async function readMarketRates(db: Executor): Promise<OrderRates> {
  const [r] = await rows<{ fee_rate_bps: number; iof_rate_bps: number; minimum_fee_cents: string }>(
    db,
    sql`select fee_rate_bps, iof_rate_bps, minimum_fee_cents::text from market_settings`,
  );
  if (!r) throw new Error('orders: market_settings is missing');
  return { feeRateBps: r.fee_rate_bps, iofRateBps: r.iof_rate_bps, minimumFeeCents: int(r.minimum_fee_cents) };
}

/**
 * The resting orders a market order of `quantityCentigrams` on `side` would walk now, in priority order, the reader's
 * own left out (as the matcher skips them), only the house's with `onlyHouse` (core/walk.ts walks them). Each open
 * order rests at least a centigram, so the first quantity + 1 of them by priority (orders_open_idx) hold every order
 * the walk can reach: the running sum is taken over those only, never over the whole side of the book (880,000 resting
 * sells at a million customers: seconds per quote).
 */
export async function readWalkLevels(
  db: Executor,
  side: OrderSide,
  quantityCentigrams: number,
  userId: number | null,
  onlyHouse = false,
): Promise<WalkLevel[]> {
  const opposite = side === 'buy' ? 'sell' : 'buy';
  const order = side === 'buy' ? sql`price_cents asc, id asc` : sql`price_cents desc, id asc`;
  const found = await rows<{ price_cents: string; remaining_cg: string }>(
    db,
    sql`select price_cents::text, remaining_cg::text from (
          select id, price_cents, remaining_cg,
                 sum(remaining_cg) over (order by ${order} rows unbounded preceding) - remaining_cg as before
            from (select id, price_cents, remaining_cg from orders
                   where status = 'open' and side = ${opposite} and remaining_cg > 0
                     and ${userId === null ? sql`true` : sql`user_id is distinct from ${userId}`}
                     and ${onlyHouse ? sql`user_id is null` : sql`true`}
                   order by ${order} limit ${quantityCentigrams + 1}) o) x
         where before < ${quantityCentigrams} order by ${order}`,
  );
  return found.map((r) => ({ pricePerGramCents: int(r.price_cents), remainingCentigrams: int(r.remaining_cg) }));
}

/** One page of a customer's orders with fills no longer open (in a Brasília year when given), and how many in all. */
export async function readCompletedPage(
  db: Executor,
  userId: number,
  at: PageAt,
  year?: number,
): Promise<{ found: OrderRow[]; total: PageTotal }> {
  const inYear =
    year === undefined
      ? sql`true`
      : sql`o.updated_at >= ${brasiliaYearStart(year).toISOString()}::timestamptz
            and o.updated_at < ${brasiliaYearStart(year + 1).toISOString()}::timestamptz`;
  // the conditions of orders_user_completed_cover_idx (user_id, updated_at desc, id desc): the page's keys come from it alone
  return readPage<OrderRow>(
    db,
    {
      from: sql`orders o where o.user_id = ${userId} and o.status <> 'open' and o.filled_cg > 0 and ${inYear}`,
      orderBy: sql`o.updated_at desc, o.id desc`,
      key: sql`o.id`,
    },
    at,
    (keys) => sql`select ${ORDER_COLUMNS} from ${keys} join orders o on o.id = page_keys.key order by page_keys.n`,
  );
}

/** One page of a customer's cancelled orders, newest first, and how many in all. */
export async function readDeletedPage(
  db: Executor,
  userId: number,
  at: PageAt,
): Promise<{ found: OrderRow[]; total: PageTotal }> {
  // orders_user_cancelled_idx (user_id, deleted_at desc, id desc) where status = 'cancelled'
  return readPage<OrderRow>(
    db,
    {
      from: sql`orders o where o.user_id = ${userId} and o.status = 'cancelled'`,
      orderBy: sql`o.deleted_at desc, o.id desc`,
      key: sql`o.id`,
    },
    at,
    (keys) => sql`select ${ORDER_COLUMNS} from ${keys} join orders o on o.id = page_keys.key order by page_keys.n`,
  );
}

/** The trades since `since` (an interval) in buckets of `minutes`, oldest first. */
export async function readCandles(db: Executor, minutes: number, since: string) {
  return rows<{ at: string; open: string; high: string; low: string; close: string; volume: string }>(
    db,
    sql`select to_timestamp(floor(extract(epoch from created_at) / ${minutes * 60}) * ${minutes * 60}) as at,
               (array_agg(price_cents order by id))[1]::text as open, max(price_cents)::text as high,
               min(price_cents)::text as low, (array_agg(price_cents order by id desc))[1]::text as close,
               sum(quantity_cg)::text as volume
          from trades where created_at >= now() - ${since}::interval
         group by 1 order by 1`,
  );
}
