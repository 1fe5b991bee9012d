import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';

/** Whether the customer has an order still open in the book (orders_user_open_idx); the erasure asks it. */
export async function hasOpenOrders(ex: Executor, userId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from orders where user_id = ${userId} and status = 'open' limit 1`,
  );
  return found.length > 0;
}
