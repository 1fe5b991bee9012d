import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';
import { TZ } from './facts';

/**
 * The instant before which every month of the customer's fees has its service invoice, or undefined when none is
 * known: a list reads the fees from there, not from the account's first day (0045_invoice_watermarks.sql).
 */
export async function invoicesCompleteBefore(db: Executor, userId: number): Promise<Date | undefined> {
  const [r] = await rows<{ at: string | Date }>(
    db,
    sql`select complete_before as at from invoice_watermarks where user_id = ${userId}`,
  );
  return r ? new Date(r.at) : undefined;
}

/** Every month that began before `now`'s month (in Brasília) is issued for the customer: remember it. */
export async function markInvoicesComplete(db: Executor, userId: number, now: Date): Promise<void> {
  await db.execute(
    sql`insert into invoice_watermarks (user_id, complete_before)
        values (${userId}, date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${TZ}) at time zone ${TZ})
        on conflict (user_id) do update
          set complete_before = greatest(invoice_watermarks.complete_before, excluded.complete_before), updated_at = now()`,
  );
}
