import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { coupons } from '@/db/schema/index';

type CouponRow = typeof coupons.$inferSelect;
type NewCoupon = typeof coupons.$inferInsert;

/** A coupon by its code in any case, or undefined. */
export async function findCouponByCode(db: Executor, code: string): Promise<CouponRow | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.toUpperCase()))
    .limit(1);
  return row;
}

/** A coupon by id, or undefined. */
export async function findCoupon(db: Executor, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  return row;
}

/** The codes of these coupons, by id. */
export async function couponCodesById(db: Executor, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: coupons.id, code: coupons.code }).from(coupons).where(inArray(coupons.id, ids));
  return new Map(rows.map((c) => [c.id, c.code]));
}

/** The first `limit` coupons by id. */
export function listCoupons(db: Executor, limit: number): Promise<CouponRow[]> {
  return db.select().from(coupons).orderBy(asc(coupons.id)).limit(limit);
}

/**
 * One more use of a coupon if it is usable now (active, inside its window, below its maximum): a guarded update, so
 * two orders racing for its last use cannot both get it. Answers whether the use was taken.
 */
export async function takeCouponUseIfUsable(tx: Executor, id: number): Promise<boolean> {
  const [row] = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(
      sql`${coupons.id} = ${id} and ${coupons.active}
          and (${coupons.maxUses} is null or ${coupons.uses} < ${coupons.maxUses})
          and (${coupons.validFrom} is null or ${coupons.validFrom} <= now())
          and (${coupons.validUntil} is null or ${coupons.validUntil} >= now())`,
    )
    .returning({ id: coupons.id });
  return row !== undefined;
}

/** One use of a coupon given back, never below zero. */
export async function giveBackCouponUse(tx: Executor, id: number): Promise<void> {
  await tx
    .update(coupons)
    .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
    .where(eq(coupons.id, id));
}

/** A new coupon's row, as inserted. */
export async function insertCoupon(tx: Executor, values: NewCoupon): Promise<CouponRow | undefined> {
  const [row] = await tx.insert(coupons).values(values).returning();
  return row;
}

/** Changes one coupon's columns; the row as updated, or undefined when there is none. */
export async function updateCoupon(
  tx: Executor,
  id: number,
  changes: Partial<Omit<NewCoupon, 'id'>>,
): Promise<CouponRow | undefined> {
  const [row] = await tx.update(coupons).set(changes).where(eq(coupons.id, id)).returning();
  return row;
}
