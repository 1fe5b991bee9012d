import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';

// The readiness probe's one statement.

/** A statement that touches no table: the database answers. */
export async function selectOne(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
