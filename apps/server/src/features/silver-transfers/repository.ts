import { and, asc, eq, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { SilverTransferStatus } from '@prata/domain';
import type { Executor } from '@/db/client';
import { companies, type SilverTransferRow, silverTransfers, type UserRow, users } from '@/db/schema/index';
import { rows } from '@/db/sql';
import { type PageAt, readPageKeys } from '@/lib/paging';

// The silver transfers' SQL: the transfers, the parties' names, the back office's search and the reconciliation's
// reads.

/** The holders' names and, for companies' accounts, the company's names, of these users. */
export function partyNameRows(db: Executor, userIds: number[]) {
  return db
    .select({
      id: users.id,
      name: users.name,
      accountType: users.accountType,
      nomeFantasia: companies.nomeFantasia,
      razaoSocial: companies.razaoSocial,
    })
    .from(users)
    .leftJoin(companies, eq(companies.userId, users.id))
    .where(inArray(users.id, userIds));
}

/** The name and e-mail of these users. */
export function partyContacts(db: Executor, userIds: number[]) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, userIds));
}

/** A user by id (the transfer's sender, who exists). */
export async function transferUserById(tx: Executor, id: number): Promise<UserRow> {
  const [u] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return u!;
}

/** A user by e-mail, whatever its case (the demo's customers). */
export async function userByLowerEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [u] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email));
  return u;
}

export async function insertTransfer(
  tx: Executor,
  values: typeof silverTransfers.$inferInsert,
): Promise<SilverTransferRow> {
  const [row] = await tx.insert(silverTransfers).values(values).returning();
  return row!;
}

/** Changes a transfer's columns; the row as changed. */
export async function updateTransferRow(
  tx: Executor,
  id: number,
  set: Partial<typeof silverTransfers.$inferInsert>,
): Promise<SilverTransferRow | undefined> {
  const [row] = await tx.update(silverTransfers).set(set).where(eq(silverTransfers.id, id)).returning();
  return row;
}

/**
 * The ids of a page of the customer's sent and received transfers, newest first. The two halves are disjoint (a
 * transfer to oneself is refused by a CHECK), so each half reads its own index (sender's, receiver's) up to the page's
 * end and the two are merged, instead of an OR that reads every transfer the customer ever had.
 */
export function customerTransferPageKeys(db: Executor, userId: number, at: PageAt) {
  return readPageKeys(
    db,
    {
      from: (needed) =>
        sql`((select id from silver_transfers where sender_id = ${userId} order by id desc limit ${needed})
             union all
             (select id from silver_transfers where receiver_id = ${userId} order by id desc limit ${needed})) as mine`,
      orderBy: sql`mine.id desc`,
      key: sql`mine.id`,
    },
    at,
  );
}

/**
 * The ids of a page of every transfer, newest first, by status and by a search of the receiver's e-mail and the
 * parties' names and e-mails (the operator search's trigram index, migration 0043, accent- and case-free).
 */
export function backOfficeTransferPageKeys(
  db: Executor,
  filter: { status?: SilverTransferStatus; q?: string },
  at: PageAt,
) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(silverTransfers.status, filter.status));
  if (filter.q) {
    const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const matching = sql`select id from users where prata_fold(name || ' ' || email) like prata_fold(${like})`;
    conditions.push(
      sql`(${ilike(silverTransfers.receiverEmail, like)} or ${silverTransfers.senderId} in (${matching})
           or ${silverTransfers.receiverId} in (${matching}))`,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : sql`true`;
  return readPageKeys(db, { from: sql`${silverTransfers} where ${where}`, orderBy: sql`id desc` }, at);
}

/** The transfers of these ids, in no particular order. */
export function transfersByIds(db: Executor, ids: number[]): Promise<SilverTransferRow[]> {
  return ids.length === 0
    ? Promise.resolve([])
    : db.select().from(silverTransfers).where(inArray(silverTransfers.id, ids));
}

/** A transfer the customer sent or received. */
export async function customerTransferById(
  db: Executor,
  userId: number,
  id: number,
): Promise<SilverTransferRow | undefined> {
  const [row] = await db
    .select()
    .from(silverTransfers)
    .where(
      and(eq(silverTransfers.id, id), or(eq(silverTransfers.senderId, userId), eq(silverTransfers.receiverId, userId))),
    )
    .limit(1);
  return row;
}

export async function lockTransfer(tx: Executor, id: number): Promise<SilverTransferRow | undefined> {
  const [row] = await tx.select().from(silverTransfers).where(eq(silverTransfers.id, id)).for('update').limit(1);
  return row;
}

export async function transferByCheckCode(db: Executor, code: string): Promise<SilverTransferRow | undefined> {
  const [row] = await db.select().from(silverTransfers).where(eq(silverTransfers.checkCode, code)).limit(1);
  return row;
}

/** Pending transfers whose period ran out, oldest first (the sweeper's batch). */
export function dueForExpiry(db: Executor, now: Date, limit = 200) {
  return db
    .select({ id: silverTransfers.id })
    .from(silverTransfers)
    .where(and(eq(silverTransfers.status, 'pending'), lt(silverTransfers.expiresAt, now)))
    .orderBy(asc(silverTransfers.expiresAt))
    .limit(limit);
}

/** Whether the customer sent a transfer still waiting for its receiver. */
export async function hasPendingOutgoingTransfers(tx: Executor, userId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: silverTransfers.id })
    .from(silverTransfers)
    .where(and(eq(silverTransfers.senderId, userId), eq(silverTransfers.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** Whether any of these customers sent a transfer (the demo runs once). */
export async function anyTransferSentBy(db: Executor, senderIds: number[]): Promise<boolean> {
  const [seen] = await db
    .select({ id: silverTransfers.id })
    .from(silverTransfers)
    .where(inArray(silverTransfers.senderId, senderIds))
    .limit(1);
  return seen !== undefined;
}

/** The pending transfers to this e-mail and CPF, locked for update, oldest first (the claim at approval). */
export function lockPendingTransfersTo(tx: Executor, to: { email: string; cpf: string }) {
  return tx
    .select()
    .from(silverTransfers)
    .where(
      and(
        eq(silverTransfers.status, 'pending'),
        eq(silverTransfers.receiverEmail, to.email),
        eq(silverTransfers.receiverCpf, to.cpf),
      ),
    )
    .orderBy(silverTransfers.id)
    .for('update');
}

/** Each transfer with what its postings say is wrong with it (`problem` null when nothing). */
export function transfersDriftingFromPostings(db: Executor) {
  return rows<{ id: string; status: string; problem: string }>(
    db,
    sql`select t.id::text, t.status,
               case
                 when s.amount is distinct from t.quantity_cg then 'envio de ' || coalesce(s.amount::text, 'nada')
                      || ' cg em vez de ' || t.quantity_cg
                 when t.status = 'completed' and s.credit_code = 'transfer:unclaimed'
                      and c.amount is distinct from t.quantity_cg then 'concluída sem o recebimento dos ' || t.quantity_cg || ' cg'
                 when t.status in ('cancelled', 'expired') and r.amount is distinct from t.quantity_cg
                   then 'encerrada sem a devolução dos ' || t.quantity_cg || ' cg'
                 when t.status = 'pending' and (s.credit_code <> 'transfer:unclaimed' or c.amount is not null
                                                or r.amount is not null)
                   then 'pendente, mas a prata não está em transfer:unclaimed'
               end as problem
          from silver_transfers t
          left join (select x.transfer_id, x.amount, a.code as credit_code from ledger_transfers x
                       join ledger_accounts a on a.id = x.credit_account_id) s
                 on s.transfer_id = 'silver-transfer:' || t.id
          left join ledger_transfers c on c.transfer_id = 'silver-transfer:' || t.id || ':claim'
          left join ledger_transfers r on r.transfer_id = 'silver-transfer:' || t.id || ':return'
         order by t.id`,
  );
}

/** The balance of transfer:unclaimed and the sum of the pending transfers, in centigrams (bigint text). */
export async function unclaimedBalanceAndPendingCg(db: Executor) {
  const [totals] = await rows<{ balance: string; pending: string }>(
    db,
    sql`select coalesce((select sum(credits_posted - debits_posted) from ledger_balances
                          where code = 'transfer:unclaimed' and currency = 'AG'), 0)::text as balance,
               coalesce((select sum(quantity_cg) from silver_transfers where status = 'pending'), 0)::text as pending`,
  );
  return totals;
}
