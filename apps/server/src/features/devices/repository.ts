import { and, desc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { sessions, users } from '@/db/schema/index';
import { rows } from '@/db/sql';

// The devices' SQL: the customer's sessions (the table plugins/auth.ts writes) as devices.

export type SessionRow = typeof sessions.$inferSelect;

/** Whether the user has any session, and one of this device (both from sessions_user_fingerprint_idx). */
export async function sessionsSeen(tx: Executor, userId: number, fingerprint: string) {
  const [seen] = await rows<{ any: boolean; known: boolean }>(
    tx,
    sql`select exists (select 1 from sessions where user_id = ${userId}) as any,
      exists (select 1 from sessions where user_id = ${userId} and fingerprint = ${fingerprint}) as known`,
  );
  return seen;
}

/**
 * A page of the user's open sessions, newest first, through sessions_user_open_idx: after the (created_at in
 * microseconds since the epoch, id) of `after`, at most `limit`; each with its created_at in microseconds (text).
 */
export function openSessionsPage(
  db: Executor,
  userId: number,
  after: readonly string[] | null,
  limit: number,
): Promise<Array<{ row: SessionRow; micros: string }>> {
  return db
    .select({
      row: sessions,
      micros: sql<string>`(extract(epoch from ${sessions.createdAt}) * 1000000)::bigint::text`,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        after
          ? sql`(${sessions.createdAt}, ${sessions.id}) < (timestamptz 'epoch' + ${after[0]}::bigint * interval '1 microsecond', ${after[1]}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(limit);
}

/** One of the user's sessions, locked for update. */
export async function lockUserSession(tx: Executor, userId: number, id: string): Promise<SessionRow | undefined> {
  const [row] = await tx
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId)))
    .for('update');
  return row;
}

export async function markSessionRevoked(tx: Executor, id: string): Promise<void> {
  await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, id));
}

/** Revokes every open session of the user but `keptId`; the ids revoked. */
export function revokeOtherOpenSessions(tx: Executor, userId: number, keptId: string) {
  return tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keptId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
}

/** The id of the user of this e-mail (as written). */
export async function userIdByEmail(db: Executor, email: string): Promise<number | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return user?.id;
}

/** Whether the user has an open session from the demo's documentation networks (RFC 5737). */
export async function hasOpenDemoSession(db: Executor, userId: number): Promise<boolean> {
  const demoNetworks = or(
    sql`${sessions.ip} like '198.51.100.%'`,
    sql`${sessions.ip} like '203.0.113.%'`,
    sql`${sessions.ip} like '192.0.2.%'`,
  );
  const [open] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()), demoNetworks),
    )
    .limit(1);
  return open !== undefined;
}

export async function insertSessions(db: Executor, values: Array<typeof sessions.$inferInsert>): Promise<void> {
  await db.insert(sessions).values(values);
}
