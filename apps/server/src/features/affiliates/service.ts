import { randomInt } from 'node:crypto';
import {
  AFFILIATES_PAGE_SIZE,
  type AffiliateProgramResponse,
  type AffiliatesResponse,
  anonymizeEmail,
  firstName,
  minorToDecimal,
  referralPath,
  type RewardsResponse,
} from '@prata/domain';
import type { Executor } from '@/db/client';
import type { UserRow } from '@/db/rows';
import type { AppDeps } from '@/deps';
import { int } from '@/db/integers';
import { type PageTotal, pageAnswer } from '@/lib/paging';
import { couponOf, insertAffiliateCoupon, referredPage, rewardsEarnedCents, rewardsPage } from './repository';
import { loadAffiliateSettings } from './settings';

/** Letters and digits nobody confuses when reading a code aloud (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_NAME_MAX = 10;
const CODE_TRIES = 5;

const iso = (v: string | Date) => new Date(v).toISOString();

/** 'Maria Oliveira' → 'MARIA-7K3P': the first name without accents, and four random characters. */
function affiliateCodeFor(name: string): string {
  const base =
    firstName(name)
      .normalize('NFD')
      .replace(/[^A-Za-z0-9]/g, '')
      .toUpperCase()
      .slice(0, CODE_NAME_MAX) || 'PRATA';
  let suffix = '';
  for (let i = 0; i < 4; i++) suffix += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${base}-${suffix}`;
}

type CouponRef = { id: number; code: string };

/**
 * The affiliate's coupon, made on the first visit of an approved customer: the operating-fee rate of the market
 * (it grants nothing a customer would not pay anyway) and no discount. Two visits at once make one (the unique index
 * on the owner); a code already taken by another coupon is drawn again.
 */
export async function ensureAffiliateCoupon(db: Executor, user: Pick<UserRow, 'id' | 'name'>): Promise<CouponRef> {
  const existing = await couponOf(db, user.id);
  if (existing) return existing;
  for (let i = 0; i < CODE_TRIES; i++) {
    await insertAffiliateCoupon(db, user.id, affiliateCodeFor(user.name));
    const made = await couponOf(db, user.id);
    if (made) return made;
  }
  throw new Error(`affiliates: no free coupon code for user ${user.id}`);
}

/** GET /api/affiliates-program: the customer, the coupon and link (approved customers only), the rule. */
export async function affiliateProgram(deps: AppDeps, user: UserRow): Promise<AffiliateProgramResponse> {
  const db = deps.database.db;
  const settings = await loadAffiliateSettings(db);
  const approved = Boolean(user.approvedAt) && !user.registrationRejectedAt;
  const coupon = approved ? await ensureAffiliateCoupon(db, user) : null;
  const earnedCents = await rewardsEarnedCents(db, user.id);
  return {
    user: {
      name: user.name,
      email_verified_at: user.emailVerifiedAt ? iso(user.emailVerifiedAt) : null,
      approved_at: approved && user.approvedAt ? iso(user.approvedAt) : null,
    },
    coupon: coupon && { ...coupon, link: `${deps.config.publicUrl}${referralPath(coupon.code)}` },
    years: settings.validityYears,
    reward_share: minorToDecimal(settings.rewardShareBps),
    rewards_total: minorToDecimal(earnedCents),
  };
}

const pageOf = <T>(data: T[], total: PageTotal) => pageAnswer(data, total, AFFILIATES_PAGE_SIZE);

/** GET /api/affiliates-program/affiliates?page: who registered with the customer's coupon, newest first. */
export async function listAffiliates(db: Executor, userId: number, page: number): Promise<AffiliatesResponse> {
  const coupon = await couponOf(db, userId);
  if (!coupon) return { affiliates: pageOf([], { total: 0, capped: false }) };
  const { found, total } = await referredPage(db, coupon.id, userId, { page, perPage: AFFILIATES_PAGE_SIZE });
  return {
    affiliates: pageOf(
      found.map((u) => ({
        first_name: firstName(u.name),
        anonymized_email: anonymizeEmail(u.email),
        created_at: iso(u.created_at),
        email_verified_at: u.email_verified_at ? iso(u.email_verified_at) : null,
        approved_at: u.approved_at ? iso(u.approved_at) : null,
      })),
      total,
    ),
  };
}

/** GET /api/affiliates-program/rewards?page: what the customer earned, newest first. */
export async function listRewards(db: Executor, userId: number, page: number): Promise<RewardsResponse> {
  const { found, total } = await rewardsPage(db, userId, { page, perPage: AFFILIATES_PAGE_SIZE });
  return {
    rewards: pageOf(
      found.map((w) => ({
        id: int(w.id),
        description: w.description,
        total_amount: minorToDecimal(int(w.amount)),
        currency: w.currency === 'AG' ? ('silver' as const) : ('brl' as const),
        anonymized_email: anonymizeEmail(w.email),
        created_at: iso(w.created_at),
      })),
      total,
    ),
  };
}
