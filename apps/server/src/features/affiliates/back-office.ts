import { type AdminAffiliatesResponse, type AdminRewardsResponse, minorToDecimal } from '@prata/domain';
import type { Executor } from '@/db/client';
import { int } from '@/db/integers';
import { affiliatesForAdmin, rewardsForAdmin } from './repository';

/** Rows per page of the back office's tables. */
const ADMIN_AFFILIATES_PAGE_SIZE = 20;

const iso = (v: string | Date) => new Date(v).toISOString();
const person = (id: string, name: string, email: string) => ({ id: int(id), name, email });

/** GET /api/admin/affiliates?page: every affiliate coupon, with how many it referred and what it earned. */
export async function adminAffiliates(db: Executor, page: number): Promise<AdminAffiliatesResponse> {
  const offset = (page - 1) * ADMIN_AFFILIATES_PAGE_SIZE;
  const { found, total } = await affiliatesForAdmin(db, ADMIN_AFFILIATES_PAGE_SIZE, offset);
  return {
    affiliates: {
      data: found.map((a) => ({
        user: person(a.id, a.name, a.email),
        coupon_code: a.code,
        referred: int(a.referred),
        referred_approved: int(a.referred_approved),
        rewards_total: minorToDecimal(int(a.earned)),
        coupon_created_at: iso(a.created_at),
      })),
      total,
      per_page: ADMIN_AFFILIATES_PAGE_SIZE,
    },
  };
}

/** GET /api/admin/affiliate-rewards?page: every reward credited, newest first. */
export async function adminRewards(db: Executor, page: number): Promise<AdminRewardsResponse> {
  const offset = (page - 1) * ADMIN_AFFILIATES_PAGE_SIZE;
  const { found, total } = await rewardsForAdmin(db, ADMIN_AFFILIATES_PAGE_SIZE, offset);
  return {
    rewards: {
      data: found.map((w) => ({
        id: int(w.id),
        affiliate: person(w.a_id, w.a_name, w.a_email),
        referred: person(w.r_id, w.r_name, w.r_email),
        description: w.description,
        total_amount: minorToDecimal(int(w.amount)),
        currency: w.currency === 'AG' ? ('silver' as const) : ('brl' as const),
        trade_id: w.trade_id === null ? null : int(w.trade_id),
        created_at: iso(w.created_at),
      })),
      total,
      per_page: ADMIN_AFFILIATES_PAGE_SIZE,
    },
  };
}
