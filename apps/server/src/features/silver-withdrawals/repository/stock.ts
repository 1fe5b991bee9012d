import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { coupons, silverProductTypes } from '../../../db/schema/index';

/**
 * Takes `quantity` units of an active product's stock if that many are left (two buyers of the last bar cannot both
 * take it); answers false when they were not.
 */
export async function takeStockIfLeft(tx: Executor, productTypeId: number, quantity: number): Promise<boolean> {
  const [taken] = await tx
    .update(silverProductTypes)
    .set({ stock: sql`${silverProductTypes.stock} - ${quantity}`, updatedAt: new Date() })
    .where(
      and(
        eq(silverProductTypes.id, productTypeId),
        eq(silverProductTypes.active, true),
        sql`${silverProductTypes.stock} >= ${quantity}`,
      ),
    )
    .returning({ stock: silverProductTypes.stock });
  return taken !== undefined;
}

/** How many units of a product are left (0 when there is no such product). */
export async function stockLeft(tx: Executor, productTypeId: number): Promise<number> {
  const [now] = await tx
    .select({ stock: silverProductTypes.stock })
    .from(silverProductTypes)
    .where(eq(silverProductTypes.id, productTypeId));
  return now?.stock ?? 0;
}

/** Puts `quantity` units back in a product's stock. */
export async function returnStock(tx: Executor, productTypeId: number, quantity: number): Promise<void> {
  await tx
    .update(silverProductTypes)
    .set({ stock: sql`${silverProductTypes.stock} + ${quantity}`, updatedAt: new Date() })
    .where(eq(silverProductTypes.id, productTypeId));
}

/** The codes of these coupons, by id. */
export async function couponCodesById(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: coupons.id, code: coupons.code }).from(coupons).where(inArray(coupons.id, ids));
  return new Map(rows.map((c) => [c.id, c.code]));
}
