import { brasiliaYear, brasiliaYearStart, MESSAGES, IRPF_YEARS_BACK, mulDivHalfUp, perGramCents } from '@prata/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/sql';
import { int } from '../../db/integers';
import { accountSumsBefore } from '../../ledger/index';
import { AppError } from '../../lib/errors';

/** The guide's years: the current one minus IRPF_YEARS_BACK up to the current one (spec 3 §8). */
export function checkYear(year: number, now = new Date()): number {
  const last = brasiliaYear(now);
  const first = last - IRPF_YEARS_BACK;
  if (year < first || year > last)
    throw new AppError('IRPF_YEAR_OUT_OF_RANGE', MESSAGES.irpfYearOutOfRange(first, last));
  return year;
}

/** One completed order of the year, as the workbook lists it (the same figures as GET /api/orders/completed). */
export type YearOrder = {
  id: number;
  side: 'buy' | 'sell';
  at: Date;
  filledCg: number;
  valueCents: number;
  feeCents: number;
  iofCents: number;
  /** centavos per gram: the average price of its fills */
  priceCents: number;
  /** a buy's value + fee + IOF; a sell's value − fee − IOF */
  totalCents: number;
};

/** The year's completed orders (no longer open, with fills), oldest first, as the history's list defines them. */
export async function yearOrders(db: Executor, userId: number, year: number): Promise<YearOrder[]> {
  const found = await rows<{
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
         where o.user_id = ${userId} and o.status <> 'open' and o.filled_cg > 0
           and o.updated_at >= ${brasiliaYearStart(year).toISOString()}::timestamptz
           and o.updated_at < ${brasiliaYearStart(year + 1).toISOString()}::timestamptz
         order by o.updated_at, o.id`,
  );
  return found.map((r) => {
    const filled = int(r.filled_cg);
    const value = int(r.value_cents);
    const fee = int(r.fee_cents);
    const iof = int(r.iof_cents);
    return {
      id: int(r.id),
      side: r.side,
      at: new Date(r.updated_at),
      filledCg: filled,
      valueCents: value,
      feeCents: fee,
      iofCents: iof,
      priceCents: perGramCents(value, filled),
      totalCents: r.side === 'buy' ? value + fee + iof : value - fee - iof,
    };
  });
}

/**
 * Grams in custody (available and held) at `before`, from the ledger: the customer's AG accounts' sums until then (the
 * ledger's monthly checkpoint plus the transfers since).
 */
async function custodyAt(db: Executor, userId: number, before: Date): Promise<number> {
  const accounts = await rows<{ id: string }>(
    db,
    sql`select id::text from ledger_accounts where owner_user_id = ${userId} and currency = 'AG'`,
  );
  const sums = await accountSumsBefore(
    db,
    accounts.map((a) => int(a.id)),
    before,
  );
  let cg = 0;
  for (const s of sums.values()) cg += s.credits - s.debits;
  return cg;
}

/** What a fill cost its buyer (value + operating fee + IOF): the one definition both averages below use. */
export const BUYER_COST = sql.raw('t.buyer_value_cents + t.buyer_fee_cents + t.buyer_iof_cents');
/**
 * An order's fills happen between its creation and its last update (each fill updates it); the orders are picked by
 * updated_at with this margin, so a fill stamped by another clock a moment after its order's update is not missed.
 */
const FILL_CLOCK_MARGIN = sql.raw("interval '1 hour'");

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

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * What the customer bought in [from, to): the grams of their buy fills and what they cost (BUYER_COST), centigrams
 * and centavos. The monthly statement's "custo médio das compras do mês" is costCents / grams (docs/statements.md).
 */
export async function purchasesBetween(db: Executor, userId: number, range: { from: Date; to: Date }) {
  const from = at(range.from);
  const to = at(range.to);
  const [r] = await rows<{ cg: string; cost: string }>(
    db,
    sql`select coalesce(sum(t.quantity_cg), 0)::text as cg, coalesce(sum(${BUYER_COST}), 0)::text as cost
          from (${fillsOf(ordersFilledBetween(userId, from, to, 'buy'), from, to)}) t`,
  );
  return { costCents: int(r?.cost ?? 0), grams: int(r?.cg ?? 0) };
}

/** Where the moving weighted average stands: the grams it covers and what they cost (centigrams, centavos). */
export type CostBasis = { costCents: number; grams: number };
export type Fill = { side: 'buy' | 'sell'; cg: number; cost: number };

/**
 * The average's walk (docs/fiscal.md), one fill at a time from `start`: a purchase adds its grams and what it cost
 * (value + operating fee + IOF); a sale takes its grams out at the average (the average stays). The one definition
 * the reads and the monthly checkpoints (checkpoints.ts) use.
 */
export function walkCost(start: CostBasis, fills: Iterable<Fill>): CostBasis {
  let { costCents, grams } = start;
  for (const f of fills) {
    if (f.side === 'buy') {
      costCents += f.cost;
      grams += f.cg;
    } else if (f.cg >= grams) {
      costCents = 0;
      grams = 0;
    } else {
      costCents -= mulDivHalfUp(costCents, f.cg, grams);
      grams -= f.cg;
    }
  }
  return { costCents, grams };
}

/**
 * The average acquisition cost (docs/fiscal.md) as of `before`: the customer's latest monthly checkpoint at or before
 * it (irpf_cost_months), walked on through their fills since. Without a checkpoint, the walk starts at nothing. Answers
 * the cost basis and the grams it covers (centavos, centigrams).
 */
export async function averageCostAt(db: Executor, userId: number, before: Date): Promise<CostBasis> {
  const [start] = await rows<{ ends_at: string | Date; grams: string; cost_cents: string }>(
    db,
    sql`select ends_at, grams::text, cost_cents::text from irpf_cost_months
         where user_id = ${userId} and ends_at <= ${before.toISOString()}::timestamptz
         order by ends_at desc limit 1`,
  );
  const from = start ? at(new Date(start.ends_at)) : sql`'-infinity'::timestamptz`;
  const fills = await rows<{ side: 'buy' | 'sell'; cg: string; cost: string }>(
    db,
    sql`select t.side, t.quantity_cg::text as cg, (${BUYER_COST})::text as cost
          from (${fillsOf(ordersFilledBetween(userId, from, at(before)), from, at(before))}) t
         order by t.created_at, t.id`,
  );
  return walkCost(
    start ? { costCents: int(start.cost_cents), grams: int(start.grams) } : { costCents: 0, grams: 0 },
    fills.map((f) => ({ side: f.side, cg: int(f.cg), cost: int(f.cost) })),
  );
}

/** A year's completed orders added up by side (centavos, centigrams): a buy's total paid, a sale's net received. */
export type YearTotals = { boughtCents: number; soldCents: number; boughtCg: number; soldCg: number };

/**
 * The year's totals of the orders yearOrders lists, summed in the database from orders_user_completed_cover_idx
 * alone (the heaviest trader's 11,000 orders of a year without reading their rows).
 */
async function yearTotals(db: Executor, userId: number, year: number): Promise<YearTotals> {
  const [r] = await rows<{ bought: string; sold: string; bought_cg: string; sold_cg: string }>(
    db,
    sql`select coalesce(sum(o.value_cents + o.fee_cents + o.iof_cents) filter (where o.side = 'buy'), 0)::text as bought,
               coalesce(sum(o.value_cents - o.fee_cents - o.iof_cents) filter (where o.side = 'sell'), 0)::text as sold,
               coalesce(sum(o.filled_cg) filter (where o.side = 'buy'), 0)::text as bought_cg,
               coalesce(sum(o.filled_cg) filter (where o.side = 'sell'), 0)::text as sold_cg
          from orders o
         where o.user_id = ${userId} and o.status <> 'open' and o.filled_cg > 0
           and o.updated_at >= ${brasiliaYearStart(year).toISOString()}::timestamptz
           and o.updated_at < ${brasiliaYearStart(year + 1).toISOString()}::timestamptz`,
  );
  return {
    boughtCents: int(r?.bought ?? 0),
    soldCents: int(r?.sold ?? 0),
    boughtCg: int(r?.bought_cg ?? 0),
    soldCg: int(r?.sold_cg ?? 0),
  };
}

/** The position on 31 December of `year` and the year's totals (GET /api/irpf/position/{year}). */
export async function positionOf(db: Executor, userId: number, year: number) {
  const end = brasiliaYearStart(year + 1);
  const [custodyCg, basis, totals] = await Promise.all([
    custodyAt(db, userId, end),
    averageCostAt(db, userId, end),
    yearTotals(db, userId, year),
  ]);
  // centavos per gram, and the value of the custody at that cost
  const averagePerGramCents = basis.grams > 0 ? perGramCents(basis.costCents, basis.grams) : 0;
  const costAmountCents = basis.grams > 0 ? mulDivHalfUp(basis.costCents, Math.max(0, custodyCg), basis.grams) : 0;
  return { year, custodyCg, averagePerGramCents, costAmountCents, ...totals };
}
export type Position = Awaited<ReturnType<typeof positionOf>>;
