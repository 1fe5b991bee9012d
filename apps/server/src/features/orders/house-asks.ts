import type { Executor } from '../../db/client';
import { walkLevels } from './core/index';
import { readWalkLevels } from './repository/index';

export type HouseAskWalk = {
  /** centigrams the house's open sell orders can cover (at most `quantity`) */
  filled: number;
  /** Σ price (centavos/g) × centigrams, unrounded */
  exact: number;
  /** centavos: exact / 100, rounded once (the one rounding rule) */
  value: number;
};

/**
 * What `quantity` centigrams of silver cost now at the HOUSE's asks only (onlyAdminOrders, spec 1 §6): its open sell
 * orders in price-time priority (lowest price first, then oldest), walked for exactly those grams (core/walk.ts), the
 * value rounded once. A read: nothing is reserved or traded here (a silver purchase reserves its grams in the ledger
 * itself, see features/silver-withdrawals). `filled` below `quantity` means the house does not offer that much.
 */
export async function walkHouseAsks(db: Executor, quantity: number): Promise<HouseAskWalk> {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) throw new RangeError('quantity must be a positive integer');
  const walk = walkLevels(await readWalkLevels(db, 'buy', quantity, null, true), quantity);
  return { filled: walk.filledCentigrams, exact: walk.exact, value: walk.valueCents };
}
