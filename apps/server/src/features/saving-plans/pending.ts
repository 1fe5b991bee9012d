import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/sql';

/**
 * Whether the customer has a saving plan that may still buy (active, paused or waiting for its Pix Automático
 * authorisation): the erasure asks it. Through saving_plans_user_idx.
 */
export async function hasLiveSavingPlans(ex: Executor, userId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    ex,
    sql`select 1 as one from saving_plans
         where user_id = ${userId} and status in ('awaiting_authorization', 'active', 'paused') limit 1`,
  );
  return found.length > 0;
}
