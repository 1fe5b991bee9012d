import { exactValueCents } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { int, rows } from '../../db/sql';

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
 * orders in price-time priority (lowest price first, then oldest), walked for exactly those grams, the value rounded
 * once. A read: nothing is reserved or traded here (a silver purchase reserves its grams in the ledger itself, see
 * features/silver-withdrawals). `filled` below `quantity` means the house does not offer that much.
 */
export async function walkHouseAsks(db: Executor, quantity: number): Promise<HouseAskWalk> {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) throw new RangeError('quantity must be a positive integer');
  const found = await rows<{ price_cents: string; remaining_cg: string }>(
    db,
    sql`select price_cents::text, remaining_cg::text from (
          select id, price_cents, remaining_cg,
                 sum(remaining_cg) over (order by price_cents asc, id asc rows unbounded preceding) - remaining_cg
                   as before
            from orders
           where status = 'open' and side = 'sell' and user_id is null) x
         where before < ${quantity} order by price_cents asc, id asc`,
  );
  let left = quantity;
  let exact = 0;
  for (const r of found) {
    const q = Math.min(left, int(r.remaining_cg));
    exact += int(r.price_cents) * q;
    left -= q;
    if (left === 0) break;
  }
  return { filled: quantity - left, exact, value: exactValueCents(exact) };
}
