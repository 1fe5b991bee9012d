import { type CouponInput, MESSAGES, minorToDecimal } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { CouponRow } from '@/db/rows';
import { pgConstraint, withTransaction } from '@/db/tx';
import { writeAudit } from '@/lib/audit';
import { AppError, invalid, notFound } from '@/lib/errors';
import {
  findCoupon,
  findCouponByCode,
  giveBackCouponUse,
  insertCoupon,
  listCoupons,
  takeCouponUseIfUsable,
  updateCoupon,
} from './repository/index';

export type { CouponRow };

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
function couponProblem(c: CouponRow | undefined, now = new Date()): string | null {
  if (!c?.active) return MESSAGES.couponInvalid;
  if (c.validFrom && c.validFrom > now) return MESSAGES.couponInvalid;
  if (c.validUntil && c.validUntil < now) return MESSAGES.couponInvalid;
  if (c.maxUses !== null && c.uses >= c.maxUses) return MESSAGES.couponUsedUp;
  return null;
}

/** A usable coupon by its code (any case), or 422 COUPON_INVALID with `errors.code` (spec 1 §8). */
export async function usableCouponByCode(db: Executor, code: string): Promise<CouponRow> {
  const row = await findCouponByCode(db, code);
  const problem = couponProblem(row);
  if (problem) throw invalid('code', problem, 'COUPON_INVALID');
  return row!;
}

/** A usable coupon by id (the order's coupon_id), or 422 COUPON_INVALID. */
export async function usableCouponById(db: Executor, id: number): Promise<CouponRow> {
  const row = await findCoupon(db, id);
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
  if (!(await takeCouponUseIfUsable(tx, id))) throw couponInvalid();
}

/** Gives a use back (an order cancelled, expired or rejected). */
export async function returnCouponUse(tx: Executor, id: number) {
  await giveBackCouponUse(tx, id);
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

/** The most coupons the back office lists. */
const ADMIN_COUPONS_LISTED = 500;

/** GET /api/admin/coupons */
export async function listCouponsForAdmin(deps: AppDeps) {
  const rows = await listCoupons(deps.database.db, ADMIN_COUPONS_LISTED);
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
    transactionFeeBps: input.transaction_fee_bps,
    discountBps: input.discount_bps,
    validFrom: input.valid_from ? new Date(input.valid_from) : null,
    validUntil: input.valid_until ? new Date(input.valid_until) : null,
    maxUses: input.max_uses ?? null,
    active: input.active,
  };
  try {
    const row = await withTransaction(deps.database.db, async (tx) => {
      const saved = id === null ? await insertCoupon(tx, values) : await updateCoupon(tx, id, values);
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
