import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type CompanyRow, companies, sessions, type UserRow, users } from '@/db/schema/index';

/** Changes the user's columns; the row as changed. */
export async function updateUserRow(
  tx: Executor,
  userId: number,
  set: Partial<typeof users.$inferInsert>,
): Promise<UserRow | undefined> {
  const [row] = await tx.update(users).set(set).where(eq(users.id, userId)).returning();
  return row;
}

/** Changes the user's columns, answering nothing. */
export async function setUserColumns(tx: Executor, userId: number, set: Partial<typeof users.$inferInsert>) {
  await tx.update(users).set(set).where(eq(users.id, userId));
}

/** Locks the user's row for update. */
export async function lockUserRow(tx: Executor, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** Revokes every session of the user but `keptSessionId`. */
export async function revokeOtherSessions(tx: Executor, userId: number, keptSessionId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId)));
}

/** Whether a company of another user has this CNPJ. */
export async function cnpjTakenByOther(tx: Executor, cnpj: string, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.cnpj, cnpj), ne(companies.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function insertCompany(
  tx: Executor,
  values: typeof companies.$inferInsert,
): Promise<CompanyRow | undefined> {
  const [row] = await tx.insert(companies).values(values).returning();
  return row;
}

/** Changes the user's company; the row as changed, or undefined when it is not theirs (or gone). */
export async function updateOwnCompany(
  tx: Executor,
  userId: number,
  companyId: number,
  set: Partial<typeof companies.$inferInsert>,
): Promise<CompanyRow | undefined> {
  const [row] = await tx
    .update(companies)
    .set(set)
    .where(and(eq(companies.id, companyId), eq(companies.userId, userId)))
    .returning();
  return row;
}
