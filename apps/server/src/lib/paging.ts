import { type SQL, sql } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '@/db/client';
import { int, rows } from '@/db/sql';

// One way every list pages (ARCHITECTURE.md §8: "lists page through an index; totals that cost a scan are estimated
// or capped"). Why these choices and the figures behind them: docs/decisions.md, "Lists page flat".

/**
 * The most rows a list's total counts exactly. Past it the total says TOTAL_CAP with `total_capped: true` (the web
 * reads "mais de 10.000"): nobody pages through ten thousand rows of a list, and counting the 200,000 orders of the
 * heaviest trader on every page read would cost more than the page itself.
 */
export const TOTAL_CAP = 10_000;

/** A list's total as answered: exact, or TOTAL_CAP (or the caller's cap) with `capped` when there are more. */
export type PageTotal = { total: number; capped: boolean };

/**
 * What a list is, in SQL fragments the helper composes (parameters stay bound; never interpolate text):
 * - `from`: the table (aliased or not) and the owner's filter, without ORDER BY:
 *   sql`orders o where o.user_id = ${userId} and o.status = 'cancelled'`
 * - `orderBy`: the list's order, ending in a unique column so ties (rows with the same time) keep one order and page
 *   N+1 follows page N with no gap or repeat: sql`o.deleted_at desc, o.id desc`
 * - `key`: the unique column the rows are fetched back by (default sql`id`, or sql`o.id` when aliased).
 * The filter and the order should be the columns of one index (the owner first, then the order's columns), so the
 * keys of a page and the capped total are read from that index alone (an index-only scan when the key is in it).
 *
 * A list that is the union of disjoint halves, each on its own index (sent and received transfers), gives `from` as a
 * function of `needed`, how many rows from the start of the list the statement reads (the page's end, or the cap + 1
 * for the total): each half orders and stops there, so the halves cost the page and not the owner's whole history
 * (PostgreSQL appends and sorts the halves of a UNION ALL whole rather than merging two index scans):
 *   from: (needed) => sql`((select id from t where a = ${u} order by id desc limit ${needed})
 *                          union all (select id from t where b = ${u} order by id desc limit ${needed})) as mine`
 */
export type ListQuery = { from: SQL | ((needed: number) => SQL); orderBy: SQL; key?: SQL };

/** Where a page starts: `page` is the spec's 1-based `?page=N` (PageQuery), `perPage` the list's page size. */
export type PageAt = { page: number; perPage: number };

const keyOf = (list: ListQuery) => list.key ?? sql`id`;
const offsetOf = ({ page, perPage }: PageAt) => (page - 1) * perPage;
const fromOf = (list: Pick<ListQuery, 'from'>, needed: number) =>
  typeof list.from === 'function' ? list.from(needed) : list.from;

/**
 * The keys of one page, in the list's order, as a FROM item named `page_keys(key, n)` (n = 1, 2, …): the page is
 * chosen on the narrow index (LIMIT/OFFSET over keys only, no row read for the rows skipped), and only the page's
 * rows are read, by key. Join it and order by `page_keys.n`:
 *   sql`select ${COLUMNS} from ${pageKeysFrom(list, at)} join orders o on o.id = page_keys.key order by page_keys.n`
 */
function pageKeysFrom(list: ListQuery, at: PageAt): SQL {
  return sql`unnest(array(select ${keyOf(list)} from ${fromOf(list, offsetOf(at) + at.perPage)} order by ${list.orderBy}
                          limit ${at.perPage} offset ${offsetOf(at)})) with ordinality as page_keys(key, n)`;
}

/**
 * How long a list once counted past the cap answers the cap without counting again. Counting the cap's 10,001 keys
 * is most of a heavy owner's page read (0.5 ms of CPU against 0.2 ms for the page itself, docs/decisions.md "Lists
 * page flat"), and a list that long stays past the cap: only "past the cap" is remembered, never an exact total,
 * which changes with every new row. Per instance and per database; at worst a list that fell under the cap says
 * "mais de 10.000" for another minute.
 */
const CAPPED_TOTAL_MEMO_MS = 60_000;
/** The most lists remembered per database; past it the oldest is forgotten first. */
const CAPPED_TOTAL_MEMO_MAX = 10_000;
const cappedUntil = new WeakMap<object, Map<string, number>>();
const dialect = new PgDialect();

/** The memo of one database (its pool, or PGlite), or none for a transaction's own connection. */
function memoOf(ex: Executor): Map<string, number> | undefined {
  if (ex instanceof PgTransaction) return undefined;
  const client = (ex as unknown as { session?: { client?: object } }).session?.client;
  if (!client) return undefined;
  let memo = cappedUntil.get(client);
  if (!memo) {
    memo = new Map();
    cappedUntil.set(client, memo);
  }
  return memo;
}

/**
 * How many rows the list has, counting at most `cap` + 1 keys (through the same index as the page): exact up to
 * `cap`, then `{ total: cap, capped: true }`. The cost is bounded by the cap whatever the owner's history, and a list
 * found past the cap is not counted again for CAPPED_TOTAL_MEMO_MS.
 */
export async function cappedTotal(ex: Executor, list: Pick<ListQuery, 'from'>, cap = TOTAL_CAP): Promise<PageTotal> {
  const from = fromOf(list, cap + 1);
  const memo = memoOf(ex);
  const query = dialect.sqlToQuery(from);
  const key = `${cap}\u0000${query.sql}\u0000${JSON.stringify(query.params)}`;
  const now = Date.now();
  if ((memo?.get(key) ?? 0) > now) return { total: cap, capped: true };
  const [found] = await rows<{ n: number }>(
    ex,
    sql`select count(*)::int as n from (select 1 from ${from} limit ${cap + 1}) as capped`,
  );
  const n = int(found?.n ?? 0);
  if (n <= cap) {
    memo?.delete(key);
    return { total: n, capped: false };
  }
  if (memo) {
    memo.delete(key);
    if (memo.size >= CAPPED_TOTAL_MEMO_MAX) memo.delete(memo.keys().next().value as string);
    memo.set(key, now + CAPPED_TOTAL_MEMO_MS);
  }
  return { total: cap, capped: true };
}

/**
 * The total of a list given the page just read: a page shorter than `perPage` that has rows, or an empty page 1, ends
 * the list, so its total is exact without counting (most customers' lists fit in one page); otherwise the capped count.
 */
async function totalAfter(ex: Executor, list: ListQuery, at: PageAt, read: number, cap: number): Promise<PageTotal> {
  const offset = offsetOf(at);
  if (read < at.perPage && (read > 0 || offset === 0)) return { total: offset + read, capped: false };
  return cappedTotal(ex, list, cap);
}

/**
 * One page of a list and its total, the way every customer list reads (a deferred join): `select` receives the
 * page's keys as a FROM item (see pageKeysFrom) and answers the rows' columns ordered by `page_keys.n`:
 *
 *   const { found, total } = await readPage<OrderRow>(db, {
 *     from: sql`orders o where o.user_id = ${userId} and o.status = 'cancelled'`,
 *     orderBy: sql`o.deleted_at desc, o.id desc`,
 *     key: sql`o.id`,
 *   }, { page, perPage: 15 }, (keys) =>
 *     sql`select ${ORDER_COLUMNS} from ${keys} join orders o on o.id = page_keys.key order by page_keys.n`);
 *   return pageAnswer(found.map(present), total, 15);
 */
export async function readPage<Row>(
  ex: Executor,
  list: ListQuery,
  at: PageAt,
  select: (keys: SQL) => SQL,
  cap = TOTAL_CAP,
): Promise<{ found: Row[]; total: PageTotal }> {
  const found = await rows<Row>(ex, select(pageKeysFrom(list, at)));
  return { found, total: await totalAfter(ex, list, at, found.length, cap) };
}

/**
 * One page's keys (in order) and the total, for a list whose rows are read by a query builder afterwards:
 * `db.select().from(t).where(inArray(t.id, keys))`, then `inKeyOrder(rows, keys, (r) => r.id)`.
 */
export async function readPageKeys(
  ex: Executor,
  list: ListQuery,
  at: PageAt,
  cap = TOTAL_CAP,
): Promise<{ keys: number[]; total: PageTotal }> {
  const found = await rows<{ key: string }>(
    ex,
    sql`select page_keys.key::text as key from ${pageKeysFrom(list, at)} order by page_keys.n`,
  );
  const keys = found.map((r) => int(r.key));
  return { keys, total: await totalAfter(ex, list, at, keys.length, cap) };
}

/** `found` in the order of `keys` (rows read by `key in (…)` come back in any order); rows not in `keys` are dropped. */
export function inKeyOrder<Row>(found: readonly Row[], keys: readonly number[], keyOfRow: (row: Row) => number): Row[] {
  const byKey = new Map(found.map((r) => [keyOfRow(r), r]));
  return keys.flatMap((k) => {
    const row = byKey.get(k);
    return row === undefined ? [] : [row];
  });
}

/** The answer of every paged list (`pageOf` in packages/domain): `total_capped` only when the total is capped. */
export function pageAnswer<T>(data: T[], total: PageTotal, perPage: number) {
  return {
    data,
    total: total.total,
    per_page: perPage,
    ...(total.capped ? { total_capped: true as const } : {}),
  };
}
