import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type SilverWithdrawalItemRow, silverWithdrawalItems } from '@/db/schema/index';

type NewItem = typeof silverWithdrawalItems.$inferInsert;

/** The lines of each of these withdrawals, by withdrawal id, each list by product type. */
export async function itemsOfWithdrawals(db: Executor, ids: number[]): Promise<Map<number, SilverWithdrawalItemRow[]>> {
  const map = new Map<number, SilverWithdrawalItemRow[]>();
  if (ids.length === 0) return map;
  const rows = await db
    .select()
    .from(silverWithdrawalItems)
    .where(inArray(silverWithdrawalItems.silverWithdrawalId, ids))
    .orderBy(asc(silverWithdrawalItems.silverWithdrawalId), asc(silverWithdrawalItems.productTypeId));
  for (const r of rows) {
    const list = map.get(r.silverWithdrawalId) ?? [];
    list.push(r);
    map.set(r.silverWithdrawalId, list);
  }
  return map;
}

/** The lines of one withdrawal, in the order the database keeps them (for giving their stock back). */
export function itemsOfWithdrawal(tx: Executor, id: number): Promise<SilverWithdrawalItemRow[]> {
  return tx.select().from(silverWithdrawalItems).where(eq(silverWithdrawalItems.silverWithdrawalId, id));
}

/** A new withdrawal's lines, as inserted. */
export function insertItems(tx: Executor, values: NewItem[]): Promise<SilverWithdrawalItemRow[]> {
  return tx.insert(silverWithdrawalItems).values(values).returning();
}
