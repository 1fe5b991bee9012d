import { perGramCents, silverValueCents } from './convert';
import { mulDivHalfUp } from './rounding';
import { assertMinorUnits, type Cents } from './units';

/** The spec's minimum operating fee per order: R$ 5,00. */
export const MINIMUM_FEE_CENTS: Cents = 500;

export type OrderCostInput = {
  side: 'buy' | 'sell';
  pricePerGramCents: number;
  quantityCentigrams: number;
  /** Operating fee rate in basis points (50 = 0,5%). */
  feeRateBps: number;
  /** IOF rate in basis points (38 = 0,38%). */
  iofRateBps: number;
  /** Default MINIMUM_FEE_CENTS (R$ 5,00). */
  minimumFeeCents?: number;
};

export type OrderCost = {
  /** Price × quantity. */
  valueCents: Cents;
  feeCents: Cents;
  iofCents: Cents;
  /** Buy: what the customer pays (value + fee + IOF). Sell: what the customer receives (value − fee − IOF), may be ≤ 0. */
  totalCents: Cents;
  /** Total per gram, in centavos per gram (negative when a sell's net is). */
  vetPerGramCents: Cents;
  /** Buy: value > 0. Sell: net > 0 (spec 2 §9). */
  allowed: boolean;
};

/**
 * The summary of an order, spec 2 §9, every step rounded half-up to the centavo by mulDivHalfUp:
 * value = price × grams; fee = max(value × fee rate, minimum); IOF = (value + fee) × IOF rate;
 * buy total = value + fee + IOF; sell net = value − fee − IOF; VET per gram = total / grams.
 * LEDGER.md example 2: 10 g at R$ 5,00/g, 50 bps, IOF 38 bps → value 5000, fee 500, IOF 21, total 5521.
 */
export function orderCost(input: OrderCostInput): OrderCost {
  const { side, pricePerGramCents, quantityCentigrams, feeRateBps, iofRateBps } = input;
  const minimumFeeCents = input.minimumFeeCents ?? MINIMUM_FEE_CENTS;
  if (side !== 'buy' && side !== 'sell')
    throw new RangeError(`orderCost side must be buy or sell, got ${String(side)}`);
  const named: Array<[number, string]> = [
    [pricePerGramCents, 'pricePerGramCents'],
    [quantityCentigrams, 'quantityCentigrams'],
    [feeRateBps, 'feeRateBps'],
    [iofRateBps, 'iofRateBps'],
    [minimumFeeCents, 'minimumFeeCents'],
  ];
  for (const [n, label] of named) {
    assertMinorUnits(n, label);
    if (n < 0) throw new RangeError(`${label} must not be negative, got ${n}`);
  }

  const valueCents = silverValueCents(pricePerGramCents, quantityCentigrams);
  const feeCents = Math.max(mulDivHalfUp(valueCents, feeRateBps, 10_000), minimumFeeCents);
  const iofCents = mulDivHalfUp(valueCents + feeCents, iofRateBps, 10_000);
  const totalCents = side === 'buy' ? valueCents + feeCents + iofCents : valueCents - feeCents - iofCents;
  assertMinorUnits(totalCents, 'totalCents');

  // Half-up on the magnitude, sign kept.
  const vetMagnitude = quantityCentigrams === 0 ? 0 : perGramCents(Math.abs(totalCents), quantityCentigrams);
  const vetPerGramCents = totalCents < 0 ? -vetMagnitude : vetMagnitude;
  const allowed = side === 'buy' ? valueCents > 0 : totalCents > 0;

  return { valueCents, feeCents, iofCents, totalCents, vetPerGramCents, allowed };
}
