// The IRPF's reads: a year's completed orders and their totals, the customer's silver accounts and name, their fills
// between two instants, and where their average cost's walk starts (the checkpoints of repository/checkpoints.ts).
import { brasiliaYearStart } from '@prata/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { int } from '@/db/integers';
import { rows } from '@/db/sql';
import type { CostBasis, Fill } from '../cost';

/** What a fill cost its buyer (value + operating fee + IOF): the one definition every average and sum uses. */
export const BUYER_COST = sql.raw('t.buyer_value_cents + t.buyer_fee_cents + t.buyer_iof_cents');
/**
 * An order's fills happen between its creation and its last update (each fill updates it); the orders are picked by
 * updated_at with this margin, so a fill stamped by another clock a moment after its order's update is not missed.
 */
const FILL_CLOCK_MARGIN = sql.raw("interval '1 hour'");

export const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** An instant, or the beginning of time. */
export const atOrStart = (d: Date | null) => (d ? at(d) : sql`'-infinity'::timestamptz`);

const inYear = (year: number) => sql`o.updated_at >= ${at(brasiliaYearStart(year))}
           and o.updated_at < ${at(brasiliaYearStart(year + 1))}`;

/** The year's completed orders (no longer open, with fills), oldest first, as the history's list defines them. */
export const yearOrderRows = (db: Executor, userId: number, year: number) =>
  rows<{
    id: string;
    side: 'buy' | 'sell';
    updated_at: string | Date;
    filled_cg: string;
    value_cents: string;
    fee_cents: string;
    iof_cents: string;
  }>(
    db,
    sql`select o.id::text, o.side, o.updated_at, o.filled_cg::text, o.value_cents::text, o.fee_cents::text,
               o.iof_cents::text
          from orders o
         where o.user_id = ${userId} and o.status <> 'open' and o.filled_cg > 0 and ${inYear(year)}
         order by o.updated_at, o.id`,
  );

type YearTotals = { boughtCents: number; soldCents: number; boughtCg: number; soldCg: number };
type YearTotalsText = { bought: string; sold: string; bought_cg: string; sold_cg: string };

const totalsOf = (r: YearTotalsText | undefined): YearTotals => ({
  boughtCents: int(r?.bought ?? 0),
  soldCents: int(r?.sold ?? 0),
  boughtCg: int(r?.bought_cg ?? 0),
  soldCg: int(r?.sold_cg ?? 0),
});

/**
 * How long after a year ends (Brasília) its completed orders can still be written: a batch of the matcher stamped
 * before midnight commits a moment later. Past it the year's completed orders no longer change.
 */
const YEAR_SETTLED_MS = 60 * 60_000;

/** Whether `year` ended (with the margin above) before `now`: its totals are kept once read (irpf_year_totals). */
export const yearSettled = (year: number, now: Date): boolean =>
  brasiliaYearStart(year + 1).getTime() + YEAR_SETTLED_MS <= now.getTime();

/**
 * The year's completed orders added up by side: a buy's total paid, a sale's net received. A year in progress is added
 * up in the database from orders_user_completed_cover_idx alone (the heaviest trader's 11,000 orders of a year
 * without reading their rows); a settled year is added up once and kept (irpf_year_totals), then read as one row.
 */
export async function yearTotalsRow(db: Executor, userId: number, year: number, now = new Date()): Promise<YearTotals> {
  const settled = yearSettled(year, now);
  if (settled) {
    const [kept] = await rows<YearTotalsText>(
      db,
      sql`select bought_cents::text as bought, sold_cents::text as sold, bought_cg::text as bought_cg,
                 sold_cg::text as sold_cg
            from irpf_year_totals where user_id = ${userId} and year = ${year}`,
    );
    if (kept) return totalsOf(kept);
  }
  const [r] = await rows<YearTotalsText>(
    db,
    sql`select coalesce(sum(o.value_cents + o.fee_cents + o.iof_cents) filter (where o.side = 'buy'), 0)::text as bought,
               coalesce(sum(o.value_cents - o.fee_cents - o.iof_cents) filter (where o.side = 'sell'), 0)::text as sold,
               coalesce(sum(o.filled_cg) filter (where o.side = 'buy'), 0)::text as bought_cg,
               coalesce(sum(o.filled_cg) filter (where o.side = 'sell'), 0)::text as sold_cg
          from orders o
         where o.user_id = ${userId} and o.status <> 'open' and o.filled_cg > 0 and ${inYear(year)}`,
  );
  const totals = totalsOf(r);
  if (settled) {
    await db.execute(
      sql`insert into irpf_year_totals (user_id, year, bought_cents, sold_cents, bought_cg, sold_cg)
          values (${userId}, ${year}, ${totals.boughtCents}, ${totals.soldCents}, ${totals.boughtCg}, ${totals.soldCg})
          on conflict (user_id, year) do nothing`,
    );
  }
  return totals;
}

/** The customer's silver (AG) accounts. */
export async function silverAccounts(db: Executor, userId: number): Promise<number[]> {
  const found = await rows<{ id: string }>(
    db,
    sql`select id::text from ledger_accounts where owner_user_id = ${userId} and currency = 'AG'`,
  );
  return found.map((a) => int(a.id));
}

/** The name the workbook carries: a company's razão social, a person's name. */
export async function customerName(db: Executor, userId: number): Promise<string> {
  const [who] = await rows<{ name: string }>(
    db,
    sql`select coalesce(c.razao_social, u.name) as name from users u left join companies c on c.user_id = u.id
         where u.id = ${userId}`,
  );
  return who?.name ?? '';
}

/**
 * The fills of the customer's orders picked by `orders` (a select of id and side), in [from, to): through the trades'
 * maker and taker indexes, never a scan of the trades. A trade is one order's fill from each side, so a customer's
 * order is either its maker or its taker.
 */
const fillsOf = (orders: SQL, from: SQL, to: SQL) => sql`
  with o as (${orders})
  select o.side, t.id, t.created_at, t.quantity_cg, t.buyer_value_cents, t.buyer_fee_cents, t.buyer_iof_cents
    from o join trades t on t.maker_order_id = o.id where t.created_at >= ${from} and t.created_at < ${to}
  union all
  select o.side, t.id, t.created_at, t.quantity_cg, t.buyer_value_cents, t.buyer_fee_cents, t.buyer_iof_cents
    from o join trades t on t.taker_order_id = o.id where t.created_at >= ${from} and t.created_at < ${to}`;

/**
 * The customer's orders that may have fills in [from, to): the completed ones last updated since `from` (their index)
 * and the open ones, created before `to`.
 */
const ordersFilledBetween = (userId: number, from: SQL, to: SQL, side?: 'buy' | 'sell') => sql`
  select id, side from orders
   where user_id = ${userId} and status <> 'open' and filled_cg > 0
     and updated_at >= ${from} - ${FILL_CLOCK_MARGIN} and created_at < ${to}
     ${side ? sql`and side = ${side}` : sql``}
  union all
  select id, side from orders
   where user_id = ${userId} and status = 'open' and filled_cg > 0 and created_at < ${to}
     ${side ? sql`and side = ${side}` : sql``}`;

/** The grams of the customer's buy fills in [from, to) and what they cost (BUYER_COST): centigrams, centavos. */
export async function purchasesSum(db: Executor, userId: number, range: { from: Date; to: Date }): Promise<CostBasis> {
  const from = at(range.from);
  const to = at(range.to);
  const [r] = await rows<{ cg: string; cost: string }>(
    db,
    sql`select coalesce(sum(t.quantity_cg), 0)::text as cg, coalesce(sum(${BUYER_COST}), 0)::text as cost
          from (${fillsOf(ordersFilledBetween(userId, from, to, 'buy'), from, to)}) t`,
  );
  return { costCents: int(r?.cost ?? 0), grams: int(r?.cg ?? 0) };
}

/** The customer's fills in [from, to) (from null: since the beginning), in the walk's order (time, then trade). */
export async function fillsBetween(db: Executor, userId: number, from: Date | null, to: Date): Promise<Fill[]> {
  const found = await rows<{ side: 'buy' | 'sell'; cg: string; cost: string }>(
    db,
    sql`select t.side, t.quantity_cg::text as cg, (${BUYER_COST})::text as cost
          from (${fillsOf(ordersFilledBetween(userId, atOrStart(from), at(to)), atOrStart(from), at(to))}) t
         order by t.created_at, t.id`,
  );
  return found.map((f) => ({ side: f.side, cg: int(f.cg), cost: int(f.cost) }));
}

/**
 * Where the customer's walk stood at the latest checkpoint at or before `before`: their monthly row
 * (irpf_cost_months), or the running checkpoint (irpf_cost_through's instant and their irpf_cost_latest row, nothing
 * when they had no fill before it), whichever is later. Null when neither is at or before `before`.
 */
export async function costStart(
  db: Executor,
  userId: number,
  before: Date,
): Promise<{ endsAt: Date; basis: CostBasis } | null> {
  const [found] = await rows<{ ends_at: string | Date; grams: string; cost_cents: string }>(
    db,
    sql`select s.ends_at, s.grams::text, s.cost_cents::text from (
          (select ends_at, grams, cost_cents from irpf_cost_months
            where user_id = ${userId} and ends_at <= ${at(before)}
            order by ends_at desc limit 1)
          union all
          (select g.ends_at, coalesce(l.grams, 0) as grams, coalesce(l.cost_cents, 0) as cost_cents
             from irpf_cost_through g left join irpf_cost_latest l on l.user_id = ${userId}
            where g.ends_at <= ${at(before)})) s
        order by s.ends_at desc limit 1`,
  );
  if (!found) return null;
  return {
    endsAt: new Date(found.ends_at),
    basis: { costCents: int(found.cost_cents), grams: int(found.grams) },
  };
}
