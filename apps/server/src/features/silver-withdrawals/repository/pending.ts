import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';

/**
 * Whether a silver withdrawal or purchase of the customer's has not ended (the erasure asks it): waiting for its Pix
 * (`pending`), paid and waiting to be sent (`paid`), or on its way (`sent`). Through silver_withdrawals_user_idx.
 */
export async function hasPendingSilverWithdrawals(ex: Executor, userId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from silver_withdrawals
         where user_id = ${userId} and status in ('pending', 'paid', 'sent') limit 1`,
  );
  return found.length > 0;
}
