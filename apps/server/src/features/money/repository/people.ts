import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { bankingInformation, ledgerAccounts, users } from '@/db/schema/index';
import { int } from '@/db/integers';
import { type PageAt, readPage } from '@/lib/paging';

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

/**
 * One page of the ledger transfers that moved any of these accounts, newest first, with a total capped at TOTAL_CAP.
 * Each account's debits and credits are read from their own index, (debit|credit)_account_id, created_at, id, each
 * stopped at the page's end, and only those are merged: an OR over the accounts would sort the owner's whole history
 * (the heaviest trader's 140,000 transfers of a month) for every page. A transfer between two of the customer's own
 * accounts (a hold) is read once, on its debit side.
 */
export async function pageOfTransfersTouching(ex: Executor, accountIds: number[], at: PageAt) {
  const own = sql.join(
    accountIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const halves = (needed: number) =>
    sql.join(
      accountIds.flatMap((id) => [
        sql`(select transfer_id, created_at, id from ledger_transfers where debit_account_id = ${id}
             order by created_at desc, id desc limit ${needed})`,
        sql`(select transfer_id, created_at, id from ledger_transfers
             where credit_account_id = ${id} and debit_account_id not in (${own})
             order by created_at desc, id desc limit ${needed})`,
      ]),
      sql` union all `,
    );
  const { found, total } = await readPage<TransferRow>(
    ex,
    {
      from: (needed) => sql`(${halves(needed)}) as mine`,
      orderBy: sql`mine.created_at desc, mine.id desc`,
      key: sql`mine.transfer_id`,
    },
    at,
    (keys) =>
      sql`select t.transfer_id as "transferId", t.debit_account_id as "debitAccountId",
                 t.credit_account_id as "creditAccountId", t.currency, t.amount, t.code,
                 t.created_at as "createdAt"
          from ${keys} join ledger_transfers t on t.transfer_id = page_keys.key order by page_keys.n`,
  );
  return {
    rows: found.map((r) => ({
      ...r,
      debitAccountId: int(r.debitAccountId),
      creditAccountId: int(r.creditAccountId),
      amount: int(r.amount),
      createdAt: new Date(r.createdAt),
    })),
    total,
  };
}

type TransferRow = {
  transferId: string;
  debitAccountId: string | number;
  creditAccountId: string | number;
  currency: 'BRL' | 'AG';
  amount: string | number;
  code: string;
  createdAt: string | Date;
};

/** Writes bank entries (the demo's). */
export async function insertBankEntries(ex: Executor, entries: Array<typeof bankingInformation.$inferInsert>) {
  await ex.insert(bankingInformation).values(entries);
}
