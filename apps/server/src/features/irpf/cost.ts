import { mulDivHalfUp } from '@prata/domain';

/** Where the moving weighted average stands: the grams it covers and what they cost (centigrams, centavos). */
export type CostBasis = { costCents: number; grams: number };
/** One fill of the customer's: its side, grams, and what it cost its buyer (value + operating fee + IOF, centavos). */
export type Fill = { side: 'buy' | 'sell'; cg: number; cost: number };

/**
 * The average's walk (docs/fiscal.md), one fill at a time from `start`: a purchase adds its grams and what it cost
 * (value + operating fee + IOF); a sale takes its grams out at the average (the average stays). The one definition
 * the reads (facts.ts) and the checkpoints (checkpoints.ts) use.
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
