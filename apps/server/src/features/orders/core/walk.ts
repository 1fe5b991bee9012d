import { mulDivHalfUp } from '@prata/domain';

/** A resting order as a walk of the book reads it, in priority order. */
export type WalkLevel = { pricePerGramCents: number; remainingCentigrams: number };

export type Walk = {
  /** what the book covers, at most the quantity asked */
  filledCentigrams: number;
  /** Σ price × quantity of those fills, unrounded (centavos × centigrams per gram) */
  exact: number;
  /** exact / 100, rounded once (the one rounding rule of an order's value) */
  valueCents: number;
};

/**
 * The walk of the book, written once: `quantityCentigrams` taken from resting orders in the order given (priority
 * order, the reader's own already left out), each at its own price. The reads of the quote, of the average price and
 * of the house's asks (SQL that stops once the quantity is covered) and the matcher's OrderBook (its own walk over its
 * levels, which also makes the fills) agree on it: an order's value is its exact sum rounded once.
 */
export function walkLevels(levels: Iterable<WalkLevel>, quantityCentigrams: number): Walk {
  let left = quantityCentigrams;
  let exact = 0;
  for (const level of levels) {
    if (left === 0) break;
    const taken = Math.min(left, level.remainingCentigrams);
    exact += level.pricePerGramCents * taken;
    left -= taken;
  }
  return { filledCentigrams: quantityCentigrams - left, exact, valueCents: mulDivHalfUp(exact, 1, 100) };
}
