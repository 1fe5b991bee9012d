import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type PageAt, readPage } from '@/lib/paging';

// The account history's SQL: the customer's event log.

/** A page of the customer's events, newest first. */
export function eventLogPage(db: Executor, userId: number, at: PageAt) {
  return readPage<{ id: string; created_at: Date | string; description: string }>(
    db,
    {
      from: sql`event_logs e where e.user_id = ${userId}`,
      orderBy: sql`e.created_at desc, e.id desc`,
      key: sql`e.id`,
    },
    at,
    (keys) =>
      sql`select e.id::text as id, e.created_at, e.description
            from ${keys} join event_logs e on e.id = page_keys.key order by page_keys.n`,
  );
}
