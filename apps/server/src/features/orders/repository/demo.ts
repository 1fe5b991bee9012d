import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { int } from '@/db/integers';
import { rows } from '@/db/sql';

// The reads of the orders demo (demo.ts).

/** Whether the book has any order, open or not (the demo runs once). */
export async function anyOrder(db: Executor): Promise<boolean> {
  const found = await rows<{ one: number }>(db, sql`select 1 as one from orders limit 1`);
  return found.length > 0;
}

/** The ids of the approved customers among `emails` (lower case), by e-mail. */
export async function approvedCustomerIds(db: Executor, emails: string[]): Promise<Map<string, number>> {
  const found = await rows<{ id: string; email: string }>(
    db,
    sql`select id::text, lower(email) as email from users
         where lower(email) = any(${sql.param(emails)}::text[]) and approved_at is not null`,
  );
  return new Map(found.map((u) => [u.email, int(u.id)]));
}
