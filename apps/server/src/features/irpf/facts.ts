import { brasiliaYear, brasiliaYearStart, IRPF_YEARS_BACK, MESSAGES, mulDivHalfUp, perGramCents } from '@prata/domain';
import type { Executor } from '@/db/client';
import { int } from '@/db/integers';
import { accountSumsBefore } from '@/ledger/index';
import { AppError } from '@/lib/errors';
import { type CostBasis, walkCost } from './cost';
import {
  costStart,
  fillsBetween,
  purchasesSum,
  silverAccounts,
  yearOrderRows,
  yearTotalsRow,
} from './repository/reads';

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
  const found = await yearOrderRows(db, userId, year);
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
  const sums = await accountSumsBefore(db, await silverAccounts(db, userId), before);
  let cg = 0;
  for (const s of sums.values()) cg += s.credits - s.debits;
  return cg;
}

/**
 * What the customer bought in [from, to): the grams of their buy fills and what they cost (value + fee + IOF),
 * centigrams and centavos. The monthly statement's "custo médio das compras do mês" is costCents / grams
 * (docs/statements.md).
 */
export const purchasesBetween = (db: Executor, userId: number, range: { from: Date; to: Date }): Promise<CostBasis> =>
  purchasesSum(db, userId, range);

/**
 * The average acquisition cost (docs/fiscal.md) as of `before`: the customer's latest checkpoint at or before it (the
 * month's end, irpf_cost_months, or the running one a few minutes old, irpf_cost_latest: checkpoints.ts), walked on
 * through their fills since (none when the checkpoint is at `before`: a closed year or month). Without a checkpoint,
 * the walk starts at nothing. Answers the cost basis and the grams it covers (centavos, centigrams).
 */
export async function averageCostAt(db: Executor, userId: number, before: Date): Promise<CostBasis> {
  const start = await costStart(db, userId, before);
  const basis = start?.basis ?? { costCents: 0, grams: 0 };
  if (start && start.endsAt.getTime() === before.getTime()) return basis;
  return walkCost(basis, await fillsBetween(db, userId, start?.endsAt ?? null, before));
}

/** The position on 31 December of `year` and the year's totals (GET /api/irpf/position/{year}). */
export async function positionOf(db: Executor, userId: number, year: number) {
  const end = brasiliaYearStart(year + 1);
  const [custodyCg, basis, totals] = await Promise.all([
    custodyAt(db, userId, end),
    averageCostAt(db, userId, end),
    yearTotalsRow(db, userId, year),
  ]);
  // centavos per gram, and the value of the custody at that cost
  const averagePerGramCents = basis.grams > 0 ? perGramCents(basis.costCents, basis.grams) : 0;
  const costAmountCents = basis.grams > 0 ? mulDivHalfUp(basis.costCents, Math.max(0, custodyCg), basis.grams) : 0;
  return { year, custodyCg, averagePerGramCents, costAmountCents, ...totals };
}
export type Position = Awaited<ReturnType<typeof positionOf>>;
