import { asc, eq, sql } from 'drizzle-orm';
import { type CouponInput, MESSAGES, minorToDecimal } from '@prata/domain';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { coupons } from '../../db/schema/index';
import { pgConstraint, withTransaction } from '../../db/tx';
import { writeAudit } from '../../lib/audit';
import { AppError, invalid, notFound } from '../../lib/errors';

export type CouponRow = typeof coupons.$inferSelect;

/**
 * A coupon (docs/silver.md): `transaction_fee` is the operating-fee percentage it grants (shown on screen; the order
 * book's fee is not changed by it here); `discount_percent` comes off the platform's own charges of a silver order
 * (minting, insurance, freight), never off the silver value or the taxes. Valid while active, inside its window and
 * below its maximum uses.
 */
export const presentCoupon = (c: CouponRow) => ({
  id: c.id,
  code: c.code,
  transaction_fee: minorToDecimal(c.transactionFeeBps),
  discount_percent: minorToDecimal(c.discountBps),
});

const couponInvalid = () => invalid('code', MESSAGES.couponInvalid, 'COUPON_INVALID');

/** Why a coupon cannot be used now, or null. */
export function couponProblem(c: CouponRow | undefined, now = new Date()): string | null {
  if (!c?.active) return MESSAGES.couponInvalid;
  if (c.validFrom && c.validFrom > now) return MESSAGES.couponInvalid;
  if (c.validUntil && c.validUntil < now) return MESSAGES.couponInvalid;
  if (c.maxUses !== null && c.uses >= c.maxUses) return MESSAGES.couponUsedUp;
  return null;
}

/** A usable coupon by its code (any case), or 422 COUPON_INVALID with `errors.code` (spec 1 §8). */
export async function usableCouponByCode(db: Executor, code: string): Promise<CouponRow> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(eq(sql`upper(${coupons.code})`, code.toUpperCase()))
    .limit(1);
  const problem = couponProblem(row);
  if (problem) throw invalid('code', problem, 'COUPON_INVALID');
  return row!;
}

/** A usable coupon by id (the order's coupon_id), or 422 COUPON_INVALID. */
export async function usableCouponById(db: Executor, id: number): Promise<CouponRow> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id)).limit(1);
  const problem = couponProblem(row);
  if (problem) throw invalid('coupon_id', problem, 'COUPON_INVALID');
  return row!;
}

/** GET /api/coupon?code= */
export async function couponByCode(deps: AppDeps, code: string) {
  return { coupon: presentCoupon(await usableCouponByCode(deps.database.db, code)) };
}

/**
 * Takes one use of a coupon in the caller's transaction: a guarded update, so two orders racing for its last use
 * cannot both get it (the second answers COUPON_INVALID).
 */
export async function takeCouponUse(tx: Executor, id: number) {
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
  if (!row) throw couponInvalid();
}

/** Gives a use back (an order cancelled, expired or rejected). */
export async function returnCouponUse(tx: Executor, id: number) {
  await tx
    .update(coupons)
    .set({ uses: sql`greatest(${coupons.uses} - 1, 0)` })
    .where(eq(coupons.id, id));
}

// ----------------------------------------------------------------------------------------------------------------
// Back office

const adminCoupon = (c: CouponRow) => ({
  ...presentCoupon(c),
  valid_from: c.validFrom?.toISOString() ?? null,
  valid_until: c.validUntil?.toISOString() ?? null,
  max_uses: c.maxUses,
  uses: c.uses,
  active: c.active,
});

/** GET /api/admin/coupons */
export async function listCouponsForAdmin(deps: AppDeps) {
  const rows = await deps.database.db.select().from(coupons).orderBy(asc(coupons.id)).limit(500);
  return { coupons: rows.map(adminCoupon) };
}

/** POST /api/admin/coupons (id null), PUT /api/admin/coupons/{id} */
export async function saveCoupon(
  deps: AppDeps,
  staff: { userId: number; ip: string } | null,
  id: number | null,
  input: CouponInput,
) {
  const values = {
    code: input.code,
    transactionFeeBps: input.transaction_fee,
    discountBps: input.discount_percent,
    validFrom: input.valid_from ? new Date(input.valid_from) : null,
    validUntil: input.valid_until ? new Date(input.valid_until) : null,
    maxUses: input.max_uses ?? null,
    active: input.active,
  };
  try {
    const row = await withTransaction(deps.database.db, async (tx) => {
      const [saved] =
        id === null
          ? await tx.insert(coupons).values(values).returning()
          : await tx.update(coupons).set(values).where(eq(coupons.id, id)).returning();
      if (!saved) throw notFound();
      if (staff) {
        await writeAudit(tx, {
          actorUserId: staff.userId,
          action: id === null ? 'coupon.created' : 'coupon.updated',
          targetType: 'coupon',
          targetId: saved.id,
          details: { ...input },
          ip: staff.ip,
        });
      }
      return saved;
    });
    return { coupon: adminCoupon(row), message: MESSAGES.couponSaved };
  } catch (err) {
    if (pgConstraint(err) === 'coupons_code_uq') throw new AppError('ALREADY_EXISTS', MESSAGES.couponCodeTaken);
    if (pgConstraint(err) === 'coupons_uses_within_max')
      throw invalid('max_uses', MESSAGES.couponUsedUp, 'VALIDATION_FAILED');
    throw err;
  }
}
