import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { inKeyOrder, type PageAt, readPageKeys } from '@/lib/paging';
import { type WithdrawalRow, type WithdrawalStatus, withdrawals } from '@/db/schema/index';

/** The customer's withdrawals since `since` that count towards the free ones: asked for and not refused. */
export async function countWithdrawalsSince(ex: Executor, userId: number, since: Date): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.userId, userId),
        inArray(withdrawals.status, ['pending', 'approved']),
        gte(withdrawals.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Writes a new withdrawal (pending), answering its row. */
export async function insertWithdrawal(ex: Executor, values: typeof withdrawals.$inferInsert): Promise<WithdrawalRow> {
  const [inserted] = await ex.insert(withdrawals).values(values).returning();
  return inserted!;
}

/** Locks a withdrawal's row for a decision (the caller's transaction). */
export async function lockWithdrawal(tx: Executor, id: number) {
  const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, id)).for('update').limit(1);
  return row;
}

/** Locks a withdrawal's row found by its id or by the provider's transfer id. */
export async function lockWithdrawalBy(tx: Executor, where: { withdrawalId: number } | { transferId: string }) {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(
      'withdrawalId' in where ? eq(withdrawals.id, where.withdrawalId) : eq(withdrawals.payoutId, where.transferId),
    )
    .for('update')
    .limit(1);
  return row;
}

/** Marks a withdrawal approved with its payout 'sending' (the hold captured), by an operator or at once (null). */
export async function markApprovedForPayout(tx: Executor, id: number, reviewer: number | null, now: Date) {
  const [updated] = await tx
    .update(withdrawals)
    .set({
      status: 'approved',
      payoutStatus: 'sending',
      reviewedBy: reviewer,
      reviewedAt: reviewer === null ? null : now,
      updatedAt: now,
    })
    .where(eq(withdrawals.id, id))
    .returning();
  return updated!;
}

/** Records the provider's answer to a payout still 'sending'; undefined when it was settled meanwhile. */
export async function markPayoutSent(
  tx: Executor,
  id: number,
  payout: { transferId: string; status: WithdrawalRow['payoutStatus'] },
) {
  const [updated] = await tx
    .update(withdrawals)
    .set({ payoutId: payout.transferId, payoutStatus: payout.status, updatedAt: new Date() })
    .where(and(eq(withdrawals.id, id), eq(withdrawals.payoutStatus, 'sending')))
    .returning();
  return updated;
}

/** Marks an approved withdrawal's payout done, by the provider's transfer id; false when none matches. */
export async function markPayoutDoneByTransfer(tx: Executor, transferId: string): Promise<boolean> {
  const [updated] = await tx
    .update(withdrawals)
    .set({ payoutStatus: 'done', updatedAt: new Date() })
    .where(and(eq(withdrawals.payoutId, transferId), eq(withdrawals.status, 'approved')))
    .returning({ id: withdrawals.id });
  return Boolean(updated);
}

/** Marks a withdrawal's payout done (an operator's settlement). */
export async function markPayoutDoneById(tx: Executor, id: number) {
  const [updated] = await tx
    .update(withdrawals)
    .set({ payoutStatus: 'done', updatedAt: new Date() })
    .where(eq(withdrawals.id, id))
    .returning();
  return updated;
}

/** Marks a paid withdrawal given back: rejected, its payout failed, with the reason the customer reads. */
export async function markPayoutFailed(tx: Executor, id: number, rejection: string) {
  const [updated] = await tx
    .update(withdrawals)
    .set({ status: 'rejected', payoutStatus: 'failed', rejectionReason: rejection, updatedAt: new Date() })
    .where(eq(withdrawals.id, id))
    .returning();
  return updated;
}

/** Marks a pending withdrawal refused by an operator, with the reason. */
export async function markWithdrawalRejected(tx: Executor, id: number, reason: string, reviewer: number, now: Date) {
  const [updated] = await tx
    .update(withdrawals)
    .set({ status: 'rejected', rejectionReason: reason, reviewedBy: reviewer, reviewedAt: now, updatedAt: now })
    .where(eq(withdrawals.id, id))
    .returning();
  return updated!;
}

/** One page of the customer's withdrawals, newest first, with how many there are (withdrawals_user_idx: user_id, id desc). */
export async function pageOfWithdrawals(ex: Executor, userId: number, at: PageAt) {
  const { keys, total } = await readPageKeys(
    ex,
    { from: sql`withdrawals where user_id = ${userId}`, orderBy: sql`id desc` },
    at,
  );
  const found = keys.length === 0 ? [] : await ex.select().from(withdrawals).where(inArray(withdrawals.id, keys));
  return { rows: inKeyOrder(found, keys, (r) => r.id), total };
}

/**
 * One page of the back office's withdrawals of a status: pending ones oldest first (the queue), decided ones newest
 * first. Paged by lib/paging.ts on withdrawals_review_idx (status, id) (migration 0043); the total is capped.
 */
export async function pageOfWithdrawalsForReview(ex: Executor, status: WithdrawalStatus, at: PageAt) {
  const list = {
    from: sql`${withdrawals} where ${eq(withdrawals.status, status)}`,
    orderBy: status === 'pending' ? sql`id` : sql`id desc`,
  };
  const { keys, total } = await readPageKeys(ex, list, at);
  const rows = keys.length ? await ex.select().from(withdrawals).where(inArray(withdrawals.id, keys)) : [];
  return { rows: inKeyOrder(rows, keys, (r) => r.id), total };
}
