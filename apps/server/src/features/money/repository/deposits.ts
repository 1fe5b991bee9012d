import { and, count, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { inKeyOrder, type PageAt, readPageKeys } from '@/lib/paging';
import { type DepositHoldReason, type DepositRow, type DepositStatus, deposits } from '@/db/schema/index';

/** Pending and still payable: a Pix charge past its expiry is no longer pending (it reads 'expired'). */
const stillPending = (now: Date) =>
  and(eq(deposits.status, 'pending'), or(isNull(deposits.pixExpiresAt), gt(deposits.pixExpiresAt, now)));

/** Expired: marked so, or a pending Pix charge past its expiry that nothing has marked yet. */
const expiredOrPastDue = (now: Date) =>
  or(eq(deposits.status, 'expired'), and(eq(deposits.status, 'pending'), lte(deposits.pixExpiresAt, now)));

/** The customer's deposits still payable, newest first (at most 50). */
export async function listPendingDeposits(ex: Executor, userId: number, now: Date) {
  return ex
    .select()
    .from(deposits)
    .where(and(eq(deposits.userId, userId), stillPending(now)))
    .orderBy(desc(deposits.id))
    .limit(50);
}

/** The sentence the "credited" e-mail adds, on deposits still pending (the caller's transaction). */
export async function setCreditNote(tx: Executor, ids: number[], note: string): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(deposits)
    .set({ creditNote: note, updatedAt: new Date() })
    .where(and(inArray(deposits.id, ids), eq(deposits.status, 'pending')));
}

/** A deposit by id, the customer's own only when userId is given (null: any, for an operator). */
export async function findDeposit(ex: Executor, id: number, userId: number | null = null) {
  const [row] = await ex
    .select()
    .from(deposits)
    .where(userId === null ? eq(deposits.id, id) : and(eq(deposits.id, id), eq(deposits.userId, userId)))
    .limit(1);
  return row;
}

/** A deposit by id or by the provider's payment id. */
export async function findDepositBy(ex: Executor, where: { id: number } | { paymentId: string }) {
  const [row] = await ex
    .select()
    .from(deposits)
    .where('id' in where ? eq(deposits.id, where.id) : eq(deposits.asaasPaymentId, where.paymentId))
    .limit(1);
  return row;
}

/** Locks a deposit's row for a decision (the caller's transaction). */
export async function lockDeposit(tx: Executor, where: { id: number } | { paymentId: string }) {
  const [row] = await tx
    .select()
    .from(deposits)
    .where('id' in where ? eq(deposits.id, where.id) : eq(deposits.asaasPaymentId, where.paymentId))
    .for('update')
    .limit(1);
  return row;
}

/** Locks the customer's own deposit (the caller's transaction); undefined for another's. */
export async function lockOwnDeposit(tx: Executor, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(deposits)
    .where(and(eq(deposits.id, id), eq(deposits.userId, userId)))
    .for('update')
    .limit(1);
  return row;
}

/** Marks a pending Pix deposit whose charge has expired as 'expired' (the caller's transaction, row locked). */
export async function markExpired(tx: Executor, row: DepositRow): Promise<DepositRow> {
  const [updated] = await tx
    .update(deposits)
    .set({ status: 'expired', updatedAt: new Date() })
    .where(and(eq(deposits.id, row.id), eq(deposits.status, 'pending')))
    .returning();
  return updated ?? row;
}

/** Marks a deposit cancelled (by the customer or the provider), answering its row. */
export async function markCancelled(tx: Executor, id: number): Promise<DepositRow | undefined> {
  const [updated] = await tx
    .update(deposits)
    .set({ status: 'cancelled', updatedAt: new Date() })
    .where(eq(deposits.id, id))
    .returning();
  return updated;
}

/** Marks a deposit credited: approved, by an operator (reviewer) or by its payment (null). */
export async function markApproved(tx: Executor, id: number, reviewer: number | null, now: Date): Promise<void> {
  await tx
    .update(deposits)
    .set({
      status: 'approved',
      creditedAt: now,
      updatedAt: now,
      reviewedBy: reviewer,
      reviewedAt: reviewer ? now : null,
    })
    .where(eq(deposits.id, id));
}

/** Marks a TED deposit refused by an operator, with the reason the customer reads. */
export async function markRejected(tx: Executor, id: number, reason: string, reviewer: number, now: Date) {
  await tx
    .update(deposits)
    .set({ status: 'rejected', rejectionReason: reason, reviewedBy: reviewer, reviewedAt: now, updatedAt: now })
    .where(eq(deposits.id, id));
}

/** Marks a deposit held: a payment that did not match its charge, waiting for an operator. */
export async function markHeld(tx: Executor, id: number, paidCents: number, reason: DepositHoldReason) {
  await tx
    .update(deposits)
    .set({ status: 'held', paidCents, holdReason: reason, updatedAt: new Date() })
    .where(eq(deposits.id, id));
}

/** Records an operator's decision on a held payment: approved with what was credited, or refunded. */
export async function markHeldDecided(
  tx: Executor,
  id: number,
  decided: { creditedCents: number } | { refundReason: string | null },
  reviewer: number,
  now: Date,
) {
  await tx
    .update(deposits)
    .set(
      'creditedCents' in decided
        ? {
            status: 'approved',
            creditedAt: now,
            creditedCents: decided.creditedCents,
            reviewedBy: reviewer,
            reviewedAt: now,
            updatedAt: now,
          }
        : {
            status: 'refunded',
            rejectionReason: decided.refundReason,
            reviewedBy: reviewer,
            reviewedAt: now,
            updatedAt: now,
          },
    )
    .where(eq(deposits.id, id));
}

/** One page of the customer's deposits, newest first, with how many there are (deposits_user_idx: user_id, id desc). */
export async function pageOfDeposits(ex: Executor, userId: number, at: PageAt) {
  const { keys, total } = await readPageKeys(
    ex,
    { from: sql`deposits where user_id = ${userId}`, orderBy: sql`id desc` },
    at,
  );
  const found = keys.length === 0 ? [] : await ex.select().from(deposits).where(inArray(deposits.id, keys));
  return { rows: inKeyOrder(found, keys, (r) => r.id), total };
}

/**
 * One page of the back office's deposits of a status (and method): pending and held ones oldest first (the queues),
 * decided ones newest first. A Pix charge past its expiry is in the expired list, not the pending queue, before
 * anything marks it. Paged by lib/paging.ts on deposits_review_idx (status, id) and the pending and held partial
 * indexes (migrations 0009, 0024, 0043); the total is capped.
 */
export async function pageOfDepositsForReview(
  ex: Executor,
  query: { status: DepositStatus; method?: 'pix' | 'ted' },
  at: PageAt,
  now: Date,
) {
  const status =
    query.status === 'pending'
      ? stillPending(now)
      : query.status === 'expired'
        ? expiredOrPastDue(now)
        : eq(deposits.status, query.status);
  const where = and(status, query.method ? eq(deposits.method, query.method) : undefined);
  const queue = query.status === 'pending' || query.status === 'held';
  const list = { from: sql`${deposits} where ${where}`, orderBy: queue ? sql`id` : sql`id desc` };
  const { keys, total } = await readPageKeys(ex, list, at);
  const rows = keys.length ? await ex.select().from(deposits).where(inArray(deposits.id, keys)) : [];
  return { rows: inKeyOrder(rows, keys, (r) => r.id), total };
}

/** How many deposits these customers have, any status. */
export async function countDepositsOf(ex: Executor, userIds: number[]): Promise<number> {
  const [seen] = await ex.select({ n: count() }).from(deposits).where(inArray(deposits.userId, userIds));
  return Number(seen?.n ?? 0);
}
