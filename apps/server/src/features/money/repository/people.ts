import { count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { bankingInformation, ledgerAccounts, ledgerTransfers, users } from '../../../db/schema/index';

/** A customer as the back office's lists name them. */
export type Customer = { id: number; name: string; email: string };

/** A user's whole row. */
export async function findUser(ex: Executor, userId: number) {
  const [row] = await ex.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

/** A user by e-mail, compared in lower case (the caller lowers what it asks for). */
export async function findUserByEmail(ex: Executor, email: string) {
  const [row] = await ex
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  return row;
}

/** Whom to write to: the customer's name and e-mail. */
export async function findContact(ex: Executor, userId: number) {
  const [row] = await ex.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}

/** The customers of these ids, by id. */
export async function customersById(ex: Executor, ids: number[]): Promise<Map<number, Customer>> {
  if (ids.length === 0) return new Map();
  const rows = await ex
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The customer's ledger accounts, id and code. */
export async function ledgerAccountsOf(ex: Executor, userId: number) {
  return ex
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.ownerUserId, userId));
}

/** Ledger accounts by id, id and code. */
export async function ledgerAccountsById(ex: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return ex
    .select({ id: ledgerAccounts.id, code: ledgerAccounts.code })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...new Set(ids)]));
}

/** One page of the ledger transfers that moved any of these accounts, newest first, with how many there are. */
export async function pageOfTransfersTouching(ex: Executor, accountIds: number[], limit: number, offset: number) {
  const touches = or(
    inArray(ledgerTransfers.debitAccountId, accountIds),
    inArray(ledgerTransfers.creditAccountId, accountIds),
  );
  const [rows, [total]] = await Promise.all([
    ex
      .select()
      .from(ledgerTransfers)
      .where(touches)
      .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerTransfers.transferId))
      .limit(limit)
      .offset(offset),
    ex.select({ n: count() }).from(ledgerTransfers).where(touches),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Writes bank entries (the demo's). */
export async function insertBankEntries(ex: Executor, entries: Array<typeof bankingInformation.$inferInsert>) {
  await ex.insert(bankingInformation).values(entries);
}
