import { exactValueCents } from './convert';
import { mulDivHalfUp } from './rounding';
import { assertMinorUnits, type Cents } from './units';

/** The rates one order pays, fixed when it is placed (operators may change the market's rates later). */
export type OrderRates = {
  /** basis points (50 = 0,5%) */
  feeRateBps: number;
  /** basis points (38 = 0,38%) */
  iofRateBps: number;
  /** centavos; the spec's R$ 5,00 per order */
  minimumFeeCents: number;
};

/** The house trades without fee or IOF: it is the platform itself (docs/orders.md). */
export const HOUSE_RATES: OrderRates = { feeRateBps: 0, iofRateBps: 0, minimumFeeCents: 0 };

/**
 * How far an order has filled, as the ledger charged it. `exact` is Σ price × centigrams of its fills (centavos ×
 * centigrams per gram, i.e. 100 × the exact value in centavos): keeping it exact lets the order's value be rounded
 * once, whatever the number of fills.
 */
export type FillProgress = {
  exact: number;
  /** centavos paid (buy) or received (sell) for the silver so far: mulDivHalfUp(exact, 1, 100) */
  valueCents: Cents;
  feeCents: Cents;
  iofCents: Cents;
};

export const NO_FILLS: FillProgress = { exact: 0, valueCents: 0, feeCents: 0, iofCents: 0 };

/** The fee and IOF the spec's formula gives for an order worth `valueCents` (0 and 0 for nothing filled). */
export function feeAndIof(valueCents: number, rates: OrderRates): { feeCents: Cents; iofCents: Cents } {
  assertMinorUnits(valueCents, 'valueCents');
  if (valueCents <= 0) return { feeCents: 0, iofCents: 0 };
  const feeCents = Math.max(mulDivHalfUp(valueCents, rates.feeRateBps, 10_000), rates.minimumFeeCents);
  const iofCents = mulDivHalfUp(valueCents + feeCents, rates.iofRateBps, 10_000);
  return { feeCents, iofCents };
}

export type FillCharge = {
  next: FillProgress;
  /** centavos of silver value this fill adds to the order (its share of the once-rounded total) */
  valueCents: Cents;
  feeCents: Cents;
  iofCents: Cents;
};

/**
 * What one fill charges an order, so that whatever the fills, the order as a whole pays exactly the spec's formula on
 * its total value (docs/orders.md, "Partial fills"):
 * - the order's value is rounded once: after the fill it is mulDivHalfUp(exact, 1, 100), and the fill adds the
 *   difference (so 1000 fills of 1 cg at R$ 5,50/g cost R$ 55,00, not R$ 60,00);
 * - the fee and IOF due are feeAndIof(value so far); each fill charges what is due minus what was charged, so the
 *   R$ 5,00 minimum is charged once, by the first fill, and the later fills pay only the increments above it;
 * - never more than there is room for: a buy's charges stay within `budgetCents` (the hold: the summary's total), a
 *   sell's fee and IOF within the value it received. What a cap leaves uncharged is caught up by later fills; if the
 *   order ends first, it is never charged (in the customer's favour).
 */
export function chargeFill(
  progress: FillProgress,
  side: 'buy' | 'sell',
  fillExact: number,
  rates: OrderRates,
  budgetCents?: number,
): FillCharge {
  assertMinorUnits(fillExact, 'fillExact');
  if (fillExact <= 0) throw new RangeError('chargeFill: a fill has a positive value');
  const exact = progress.exact + fillExact;
  const valueCents = exactValueCents(exact);
  const valueInc = valueCents - progress.valueCents;
  const due = feeAndIof(valueCents, rates);
  let room: number;
  if (side === 'buy') {
    if (budgetCents === undefined) throw new RangeError('chargeFill: a buy has a budget');
    room = budgetCents - valueCents - progress.feeCents - progress.iofCents;
    if (room < 0) throw new RangeError('chargeFill: the fill is worth more than the budget left');
  } else {
    room = valueCents - progress.feeCents - progress.iofCents;
  }
  const feeInc = Math.max(0, Math.min(due.feeCents - progress.feeCents, room));
  room -= feeInc;
  const iofInc = Math.max(0, Math.min(due.iofCents - progress.iofCents, room));
  return {
    next: {
      exact,
      valueCents,
      feeCents: progress.feeCents + feeInc,
      iofCents: progress.iofCents + iofInc,
    },
    valueCents: valueInc,
    feeCents: feeInc,
    iofCents: iofInc,
  };
}

/** A buy's total so far (value + fee + IOF), a sell's net so far (value − fee − IOF). */
export function progressTotal(progress: FillProgress, side: 'buy' | 'sell'): Cents {
  const { valueCents, feeCents, iofCents } = progress;
  return side === 'buy' ? valueCents + feeCents + iofCents : valueCents - feeCents - iofCents;
}

/**
 * The largest value V (centavos) a buy can fill with a budget: V + fee(V) + IOF(V + fee(V)) ≤ budget. The total is
 * non-decreasing in V, so a binary search finds it. 0 when even the minimum fee does not fit.
 */
export function maxBuyValue(budgetCents: number, rates: OrderRates): Cents {
  assertMinorUnits(budgetCents, 'budgetCents');
  const total = (v: number) => {
    const { feeCents, iofCents } = feeAndIof(v, rates);
    return v + feeCents + iofCents;
  };
  let lo = 0;
  let hi = Math.max(0, budgetCents);
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (total(mid) <= budgetCents) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
