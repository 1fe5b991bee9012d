import { brasiliaYear, brasiliaYearStart, MESSAGES, IRPF_YEARS_BACK, mulDivHalfUp, perGramCents } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { int, rows } from '../../db/sql';
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

/** Grams in custody (available and held) at `before`, from the ledger: the customer's AG transfers until then. */
export async function custodyAt(db: Executor, userId: number, before: Date): Promise<number> {
  const [r] = await rows<{ cg: string }>(
    db,
    sql`with mine as (select id from ledger_accounts where owner_user_id = ${userId} and currency = 'AG')
        select (coalesce((select sum(t.amount) from ledger_transfers t
                           where t.currency = 'AG' and t.credit_account_id in (select id from mine)
                             and t.created_at < ${before.toISOString()}::timestamptz), 0)
              - coalesce((select sum(t.amount) from ledger_transfers t
                           where t.currency = 'AG' and t.debit_account_id in (select id from mine)
                             and t.created_at < ${before.toISOString()}::timestamptz), 0))::bigint::text as cg`,
  );
  return int(r?.cg ?? 0);
}

/** What a fill cost its buyer (value + operating fee + IOF): the one definition both averages below use. */
const BUYER_COST = sql.raw('t.buyer_value_cents + t.buyer_fee_cents + t.buyer_iof_cents');

/**
 * What the customer bought in [from, to): the grams of their buy fills and what they cost (BUYER_COST), centigrams
 * and centavos. The monthly statement's "custo médio das compras do mês" is costCents / grams (docs/statements.md).
 */
export async function purchasesBetween(db: Executor, userId: number, range: { from: Date; to: Date }) {
  const [r] = await rows<{ cg: string; cost: string }>(
    db,
    sql`select coalesce(sum(t.quantity_cg), 0)::text as cg, coalesce(sum(${BUYER_COST}), 0)::text as cost
          from trades t join orders o on o.id = t.maker_order_id or o.id = t.taker_order_id
         where o.user_id = ${userId} and o.side = 'buy'
           and t.created_at >= ${range.from.toISOString()}::timestamptz
           and t.created_at < ${range.to.toISOString()}::timestamptz`,
  );
  return { costCents: int(r?.cost ?? 0), grams: int(r?.cg ?? 0) };
}

/**
 * The average acquisition cost (docs/fiscal.md): a moving weighted average over the customer's fills until `before`.
 * A purchase adds its grams and what it cost (value + operating fee + IOF); a sale takes its grams out at the average
 * (the average stays). Answers the cost basis and the grams it covers (centavos, centigrams).
 */
export async function averageCostAt(db: Executor, userId: number, before: Date) {
  const fills = await rows<{ side: 'buy' | 'sell'; cg: string; cost: string }>(
    db,
    sql`select o.side, t.quantity_cg::text as cg,
               (${BUYER_COST})::text as cost
          from trades t join orders o on o.id = t.maker_order_id or o.id = t.taker_order_id
         where o.user_id = ${userId} and t.created_at < ${before.toISOString()}::timestamptz
         order by t.created_at, t.id`,
  );
  let costCents = 0;
  let grams = 0;
  for (const f of fills) {
    const cg = int(f.cg);
    if (f.side === 'buy') {
      costCents += int(f.cost);
      grams += cg;
    } else if (cg >= grams) {
      costCents = 0;
      grams = 0;
    } else {
      costCents -= mulDivHalfUp(costCents, cg, grams);
      grams -= cg;
    }
  }
  return { costCents, grams };
}

/** The position on 31 December of `year` and the year's totals (GET /api/irpf/position/{year}). */
export async function positionOf(db: Executor, userId: number, year: number) {
  const end = brasiliaYearStart(year + 1);
  const [custodyCg, basis, orders] = await Promise.all([
    custodyAt(db, userId, end),
    averageCostAt(db, userId, end),
    yearOrders(db, userId, year),
  ]);
  // centavos per gram, and the value of the custody at that cost
  const averagePerGramCents = basis.grams > 0 ? perGramCents(basis.costCents, basis.grams) : 0;
  const costAmountCents = basis.grams > 0 ? mulDivHalfUp(basis.costCents, Math.max(0, custodyCg), basis.grams) : 0;
  const sum = (side: 'buy' | 'sell', pick: (o: YearOrder) => number) =>
    orders.filter((o) => o.side === side).reduce((s, o) => s + pick(o), 0);
  return {
    year,
    custodyCg,
    averagePerGramCents,
    costAmountCents,
    boughtCents: sum('buy', (o) => o.totalCents),
    soldCents: sum('sell', (o) => o.totalCents),
    boughtCg: sum('buy', (o) => o.filledCg),
    soldCg: sum('sell', (o) => o.filledCg),
    orders,
  };
}
export type Position = Awaited<ReturnType<typeof positionOf>>;
