import type { Executor } from '@/db/client';
import { walkLevels } from './core/index';
import { readWalkLevels } from './repository/index';

export type HouseAskWalk = {
  /** centigrams the house's open sell orders can cover (at most `quantityCg`) */
  filledCg: number;
  /** Σ price (centavos/g) × centigrams, unrounded */
  exact: number;
  /** exact / 100, rounded once (the one rounding rule) */
  valueCents: number;
};

/**
 * What `quantityCg` centigrams of silver cost now at the HOUSE's asks only (onlyAdminOrders, spec 1 §6): its open sell
 * orders in price-time priority (lowest price first, then oldest), walked for exactly those grams (core/walk.ts), the
 * value rounded once. A read: nothing is reserved or traded here (a silver purchase reserves its grams in the ledger
 * itself, see features/silver-withdrawals). `filledCg` below `quantityCg` means the house does not offer that much.
 */
export async function walkHouseAsks(db: Executor, quantityCg: number): Promise<HouseAskWalk> {
  if (!Number.isSafeInteger(quantityCg) || quantityCg <= 0)
    throw new RangeError('quantityCg must be a positive integer');
  const walk = walkLevels(await readWalkLevels(db, 'buy', quantityCg, null, true), quantityCg);
  return { filledCg: walk.filledCentigrams, exact: walk.exact, valueCents: walk.valueCents };
}
