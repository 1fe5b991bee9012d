import { type AdminAffiliatesResponse, type AdminRewardsResponse, minorToDecimal } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/sql';
import { int } from '../../db/integers';

/** Rows per page of the back office's tables. */
export const ADMIN_AFFILIATES_PAGE_SIZE = 20;

const iso = (v: string | Date) => new Date(v).toISOString();
const person = (id: string, name: string, email: string) => ({ id: int(id), name, email });

/** GET /api/admin/affiliates?page: every affiliate coupon, with how many it referred and what it earned. */
export async function adminAffiliates(db: Executor, page: number): Promise<AdminAffiliatesResponse> {
  const offset = (page - 1) * ADMIN_AFFILIATES_PAGE_SIZE;
  const [found, [total]] = await Promise.all([
    rows<{
      id: string;
      name: string;
      email: string;
      code: string;
      created_at: string;
      referred: string;
      referred_approved: string;
      earned: string;
    }>(
      db,
      sql`select u.id::text, u.name, u.email, c.code, c.created_at,
                 (select count(*) from users r where r.referred_by_coupon_id = c.id)::text as referred,
                 (select count(*) from users r where r.referred_by_coupon_id = c.id
                     and r.approved_at is not null)::text as referred_approved,
                 coalesce((select sum(w.amount) from affiliate_rewards w
                            where w.affiliate_user_id = u.id and w.currency = 'BRL'), 0)::text as earned
            from coupons c join users u on u.id = c.owner_user_id
           order by c.created_at desc, c.id desc limit ${ADMIN_AFFILIATES_PAGE_SIZE} offset ${offset}`,
    ),
    rows<{ n: string }>(db, sql`select count(*)::text as n from coupons where owner_user_id is not null`),
  ]);
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
      total: int(total?.n ?? 0),
      per_page: ADMIN_AFFILIATES_PAGE_SIZE,
    },
  };
}

/** GET /api/admin/affiliate-rewards?page: every reward credited, newest first. */
export async function adminRewards(db: Executor, page: number): Promise<AdminRewardsResponse> {
  const offset = (page - 1) * ADMIN_AFFILIATES_PAGE_SIZE;
  const [found, [total]] = await Promise.all([
    rows<{
      id: string;
      a_id: string;
      a_name: string;
      a_email: string;
      r_id: string;
      r_name: string;
      r_email: string;
      description: string;
      amount: string;
      currency: 'BRL' | 'AG';
      trade_id: string | null;
      created_at: string;
    }>(
      db,
      sql`select w.id::text, a.id::text as a_id, a.name as a_name, a.email as a_email,
                 r.id::text as r_id, r.name as r_name, r.email as r_email,
                 w.description, w.amount::text, w.currency, w.trade_id::text, w.created_at
            from affiliate_rewards w
            join users a on a.id = w.affiliate_user_id
            join users r on r.id = w.referred_user_id
           order by w.created_at desc, w.id desc limit ${ADMIN_AFFILIATES_PAGE_SIZE} offset ${offset}`,
    ),
    rows<{ n: string }>(db, sql`select count(*)::text as n from affiliate_rewards`),
  ]);
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
      total: int(total?.n ?? 0),
      per_page: ADMIN_AFFILIATES_PAGE_SIZE,
    },
  };
}
