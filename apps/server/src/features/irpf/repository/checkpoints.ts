// The average cost's checkpoints (checkpoints.ts): the monthly rows (irpf_cost_months, irpf_checkpoint_months) and
// the running one (irpf_cost_through, irpf_cost_latest), and the fills each build walks.
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { int } from '@/db/integers';
import { rows } from '@/db/sql';
import type { CostBasis, Fill } from '../cost';
import { at, atOrStart, BUYER_COST } from './reads';

/** Rows read or written per statement. */
const CHUNK = 5_000;

/** Where a customer's walk stands after a build (centigrams, centavos). */
export type Walked = { user_id: number; grams: number; cost_cents: number };

/**
 * Every customer's fills in [from, to) (from null: since the beginning), each customer's in the walk's order (time,
 * then trade): the trades' created_at index, each fill's order by its key.
 */
export async function fillsByCustomer(tx: Executor, from: Date | null, to: Date): Promise<Map<number, Fill[]>> {
  const fills = await rows<{ user_id: string; side: 'buy' | 'sell'; cg: string; cost: string }>(
    tx,
    sql`select f.user_id::text, f.side, f.cg::text, f.cost::text from (
          select o.user_id, o.side, t.created_at, t.id, t.quantity_cg as cg, ${BUYER_COST} as cost
            from trades t join orders o on o.id = t.maker_order_id
           where t.created_at >= ${atOrStart(from)} and t.created_at < ${at(to)} and o.user_id is not null
          union all
          select o.user_id, o.side, t.created_at, t.id, t.quantity_cg, ${BUYER_COST}
            from trades t join orders o on o.id = t.taker_order_id
           where t.created_at >= ${atOrStart(from)} and t.created_at < ${at(to)} and o.user_id is not null) f
        order by f.user_id, f.created_at, f.id`,
  );
  const byUser = new Map<number, Fill[]>();
  for (const f of fills) {
    const userId = int(f.user_id);
    const list = byUser.get(userId) ?? [];
    if (list.length === 0) byUser.set(userId, list);
    list.push({ side: f.side, cg: int(f.cg), cost: int(f.cost) });
  }
  return byUser;
}

/** The customers' starts read by `lookup` (a select of user_id, grams, cost_cents over `u(id)`), in chunks. */
async function startsOf(tx: Executor, users: number[], lookup: (ids: string) => SQL) {
  const starts = new Map<number, CostBasis>();
  for (let i = 0; i < users.length; i += CHUNK) {
    const found = await rows<{ user_id: string; grams: string; cost_cents: string }>(
      tx,
      lookup(`{${users.slice(i, i + CHUNK).join(',')}}`),
    );
    for (const r of found) starts.set(int(r.user_id), { grams: int(r.grams), costCents: int(r.cost_cents) });
  }
  return starts;
}

/** Rows of `walked` as a record set x(user_id, grams, cost_cents), a chunk at a time, to `write`. */
async function inChunks(tx: Executor, walked: Walked[], write: (records: SQL) => SQL) {
  for (let i = 0; i < walked.length; i += CHUNK) {
    await tx.execute(
      write(sql`jsonb_to_recordset(${JSON.stringify(walked.slice(i, i + CHUNK))}::jsonb)
                 as x(user_id bigint, grams bigint, cost_cents bigint)`),
    );
  }
}

// --- monthly: one row per customer with a fill in the month, at the month's end ---

/** The latest month built, or null. */
export async function latestCostMonth(db: Executor): Promise<Date | null> {
  const [latest] = await rows<{ ends_at: string | Date | null }>(
    db,
    sql`select max(ends_at) as ends_at from irpf_checkpoint_months`,
  );
  return latest?.ends_at ? new Date(latest.ends_at) : null;
}

/** The first trade's time, or null. */
export async function firstTradeAt(db: Executor): Promise<Date | null> {
  const [first] = await rows<{ at: string | Date | null }>(db, sql`select min(created_at) as at from trades`);
  return first?.at ? new Date(first.at) : null;
}

/** Claims the month ending at `end` (another instance's claim makes this wait, then answer false). */
export async function claimCostMonth(tx: Executor, end: Date): Promise<boolean> {
  const claimed = await rows<{ ends_at: string }>(
    tx,
    sql`insert into irpf_checkpoint_months (ends_at) values (${at(end)})
        on conflict (ends_at) do nothing returning ends_at::text`,
  );
  return claimed.length > 0;
}

/** The customers' latest monthly rows at or before `from` (none before the first month). */
export const monthStarts = (tx: Executor, users: number[], from: Date | null) =>
  startsOf(
    tx,
    users,
    (ids) => sql`select u.id::text as user_id, c.grams::text, c.cost_cents::text
                   from unnest(${ids}::bigint[]) u(id)
                   join lateral (select grams, cost_cents from irpf_cost_months m
                                  where m.user_id = u.id and m.ends_at <= ${atOrStart(from)}
                                  order by m.ends_at desc limit 1) c on true`,
  );

/** Writes the month's rows at `end` and the month's count. */
export async function writeCostMonth(tx: Executor, end: Date, walked: Walked[]): Promise<void> {
  await inChunks(
    tx,
    walked,
    (records) => sql`insert into irpf_cost_months (user_id, ends_at, grams, cost_cents)
                     select x.user_id, ${at(end)}, x.grams, x.cost_cents from ${records}`,
  );
  await tx.execute(sql`update irpf_checkpoint_months set users = ${walked.length}, built_at = now()
                        where ends_at = ${at(end)}`);
}

// --- running: one row per customer who ever had a fill, where their walk stands at irpf_cost_through's instant ---

/**
 * Locks the running checkpoint's instant (another instance's lock makes this wait) and answers it. The first time,
 * starts it at the latest month built (each customer's latest monthly row copied), or, with no month built, at the
 * first trade's millisecond (no fill before it; `upTo` when there is none): instants are kept to the millisecond, as
 * a JavaScript Date holds them.
 */
export async function lockCostThrough(tx: Executor, upTo: Date): Promise<Date> {
  const started = await rows<{ ends_at: string | Date }>(
    tx,
    sql`insert into irpf_cost_through (id, ends_at)
        select 1, coalesce((select max(ends_at) from irpf_checkpoint_months),
                           (select date_trunc('milliseconds', min(created_at)) from trades),
                           ${at(upTo)})
        on conflict (id) do nothing returning ends_at`,
  );
  if (started[0]) {
    await tx.execute(sql`insert into irpf_cost_latest (user_id, grams, cost_cents)
                         select distinct on (user_id) user_id, grams, cost_cents from irpf_cost_months
                          where ends_at <= ${at(new Date(started[0].ends_at))}
                          order by user_id, ends_at desc`);
  }
  const [locked] = await rows<{ ends_at: string | Date }>(
    tx,
    sql`select ends_at from irpf_cost_through where id = 1 for update`,
  );
  return new Date(locked!.ends_at);
}

/** The customers' running rows (none for a customer without a fill before the running instant). */
export const latestStarts = (tx: Executor, users: number[]) =>
  startsOf(
    tx,
    users,
    (ids) => sql`select l.user_id::text, l.grams::text, l.cost_cents::text
                   from irpf_cost_latest l where l.user_id = any(${ids}::bigint[])`,
  );

/** Writes the customers' running rows and moves the running instant to `to`. */
export async function writeCostLatest(tx: Executor, to: Date, walked: Walked[]): Promise<void> {
  await inChunks(
    tx,
    walked,
    (records) => sql`insert into irpf_cost_latest (user_id, grams, cost_cents)
                     select x.user_id, x.grams, x.cost_cents from ${records}
                     on conflict (user_id) do update set grams = excluded.grams, cost_cents = excluded.cost_cents`,
  );
  await tx.execute(sql`update irpf_cost_through set ends_at = ${at(to)}, built_at = now() where id = 1`);
}
