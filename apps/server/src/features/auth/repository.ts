import { eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import type { UserRow } from '@/db/rows';
import { coupons, users } from '@/db/schema/index';

// The sign-up's and sign-in's SQL on the accounts (users) and the coupons a registration names.

/** The coupon of this code, whatever its case. */
export async function couponByCode(tx: Executor, code: string) {
  const [coupon] = await tx
    .select({ id: coupons.id, active: coupons.active })
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.toUpperCase()))
    .limit(1);
  return coupon;
}

export async function insertUser(tx: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [created] = await tx.insert(users).values(values).returning();
  return created!;
}

/** The e-mail is verified now, unless it was before. */
export async function markEmailVerified(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** When the user's e-mail was verified (null: not yet); undefined when there is no such user. */
export async function emailVerifiedAt(tx: Executor, userId: number) {
  const [row] = await tx.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.verifiedAt;
}

/** Changes the user's columns. */
export async function setAccountColumns(
  tx: Executor,
  userId: number,
  set: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await tx.update(users).set(set).where(eq(users.id, userId));
}
