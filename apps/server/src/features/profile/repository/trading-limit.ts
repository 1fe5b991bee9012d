import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type TradingLimitRequestRow, tradingLimitRequests } from '@/db/schema/index';

/** The customer's latest limit requests, newest first; at most `limit`. */
export function latestLimitRequests(db: Executor, userId: number, limit: number): Promise<TradingLimitRequestRow[]> {
  return db
    .select()
    .from(tradingLimitRequests)
    .where(eq(tradingLimitRequests.userId, userId))
    .orderBy(desc(tradingLimitRequests.id))
    .limit(limit);
}

export async function insertLimitRequest(
  tx: Executor,
  values: typeof tradingLimitRequests.$inferInsert,
): Promise<TradingLimitRequestRow> {
  const [row] = await tx.insert(tradingLimitRequests).values(values).returning();
  return row!;
}

/** Ends the customer's request under review, if any, as rejected for `reason`. */
export async function rejectPendingLimitRequest(tx: Executor, userId: number, reason: string): Promise<void> {
  await tx
    .update(tradingLimitRequests)
    .set({ status: 'rejected', rejectionReason: reason, reviewedAt: new Date() })
    .where(and(eq(tradingLimitRequests.userId, userId), eq(tradingLimitRequests.status, 'pending')));
}
