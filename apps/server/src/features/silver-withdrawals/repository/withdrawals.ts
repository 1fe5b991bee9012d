import { type SQL, and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { SilverWithdrawalStatus } from '@prata/domain';
import type { Executor } from '@/db/client';
import { inKeyOrder, type PageAt, readPageKeys } from '@/lib/paging';
import { type SilverWithdrawalRow, silverWithdrawals } from '@/db/schema/index';

type NewWithdrawal = typeof silverWithdrawals.$inferInsert;
type WithdrawalChanges = Partial<Omit<NewWithdrawal, 'id'>>;

/** One withdrawal by id, or undefined. */
export async function findWithdrawal(db: Executor, id: number): Promise<SilverWithdrawalRow | undefined> {
  const [row] = await db.select().from(silverWithdrawals).where(eq(silverWithdrawals.id, id)).limit(1);
  return row;
}

/** One withdrawal by id or by the provider's payment id, locked for update in the caller's transaction. */
export async function lockWithdrawal(
  tx: Executor,
  where: { id: number } | { paymentId: string },
): Promise<SilverWithdrawalRow | undefined> {
  const [row] = await tx
    .select()
    .from(silverWithdrawals)
    .where('id' in where ? eq(silverWithdrawals.id, where.id) : eq(silverWithdrawals.asaasPaymentId, where.paymentId))
    .for('update')
    .limit(1);
  return row;
}

/** A page of one customer's withdrawals, newest first, and how many they have (silver_withdrawals_user_idx). */
export async function pageOfCustomerWithdrawals(db: Executor, userId: number, at: PageAt) {
  const { keys, total } = await readPageKeys(
    db,
    { from: sql`silver_withdrawals where user_id = ${userId}`, orderBy: sql`id desc` },
    at,
  );
  const found =
    keys.length === 0 ? [] : await db.select().from(silverWithdrawals).where(inArray(silverWithdrawals.id, keys));
  return { rows: inKeyOrder(found, keys, (r) => r.id), total };
}

/**
 * A page of the back office's list of one status. 'paid' is the packing queue: paid orders and the pending
 * withdrawals paid by balance. The queues ('paid', 'pending') oldest first, other statuses newest first.
 */
export async function pageOfWithdrawalsByStatus(db: Executor, status: SilverWithdrawalStatus, at: PageAt) {
  const where =
    status === 'paid'
      ? or(
          eq(silverWithdrawals.status, 'paid'),
          and(eq(silverWithdrawals.status, 'pending'), eq(silverWithdrawals.paymentMethod, 'balance')),
        )
      : eq(silverWithdrawals.status, status);
  const queue = status === 'paid' || status === 'pending';
  // paged by lib/paging.ts on silver_withdrawals_status_idx (status, id); the total is capped
  const list = { from: sql`${silverWithdrawals} where ${where}`, orderBy: queue ? sql`id` : sql`id desc` };
  const { keys, total } = await readPageKeys(db, list, at);
  const rows = keys.length ? await db.select().from(silverWithdrawals).where(inArray(silverWithdrawals.id, keys)) : [];
  return { rows: inKeyOrder(rows, keys, (r) => r.id), total };
}

/** The ids of the pending Pix orders whose window closed before `now`, oldest first. */
export async function idsOfExpiredPixOrders(db: Executor, now: Date, limit: number): Promise<number[]> {
  const due = await db
    .select({ id: silverWithdrawals.id })
    .from(silverWithdrawals)
    .where(
      and(
        eq(silverWithdrawals.status, 'pending'),
        eq(silverWithdrawals.paymentMethod, 'pix'),
        lt(silverWithdrawals.pixExpiresAt, now),
      ),
    )
    .orderBy(asc(silverWithdrawals.id))
    .limit(limit);
  return due.map((d) => d.id);
}

/** The pending Pix orders, newest first: all of them, or the one of a provider's payment id. */
export function pendingPixOrders(db: Executor, limit: number, paymentId?: string): Promise<SilverWithdrawalRow[]> {
  const conditions: SQL[] = [eq(silverWithdrawals.status, 'pending'), eq(silverWithdrawals.paymentMethod, 'pix')];
  if (paymentId !== undefined) conditions.unshift(eq(silverWithdrawals.asaasPaymentId, paymentId));
  return db
    .select()
    .from(silverWithdrawals)
    .where(and(...conditions))
    .orderBy(desc(silverWithdrawals.id))
    .limit(limit);
}

/** A new withdrawal's row, as inserted. */
export async function insertWithdrawal(tx: Executor, values: NewWithdrawal): Promise<SilverWithdrawalRow> {
  const [row] = await tx.insert(silverWithdrawals).values(values).returning();
  return row!;
}

/** Changes one withdrawal's columns; answers the row as updated (undefined when there is none). */
export async function updateWithdrawal(
  tx: Executor,
  id: number,
  changes: WithdrawalChanges,
): Promise<SilverWithdrawalRow | undefined> {
  const [row] = await tx.update(silverWithdrawals).set(changes).where(eq(silverWithdrawals.id, id)).returning();
  return row;
}
