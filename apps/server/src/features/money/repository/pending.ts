import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';

/**
 * What of the customer's money in and out has not finished (the erasure asks it): a deposit waiting for payment, an
 * operator or admission (`pending`, `held`), a withdrawal waiting for an operator (`pending`) or
 * for the bank's payout (`approved`, payout `sending` or `pending`). Each through the
 * customer's index (deposits_user_idx, withdrawals_user_idx).
 */
export async function pendingMoneyOf(
  ex: Executor,
  userId: number,
): Promise<{ deposits: boolean; withdrawals: boolean }> {
  const [r] = await rows<{ deposits: boolean; withdrawals: boolean }>(
    ex,
    sql`select exists (select 1 from deposits where user_id = ${userId} and status in ('pending', 'held')) as deposits,
               exists (select 1 from withdrawals where user_id = ${userId}
                        and (status = 'pending' or (status = 'approved' and payout_status in ('sending', 'pending'))))
                 as withdrawals`,
  );
  return { deposits: r?.deposits ?? false, withdrawals: r?.withdrawals ?? false };
}
