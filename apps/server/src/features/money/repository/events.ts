import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { paymentEvents } from '@/db/schema/index';

/** Claims a provider's event by its id ('processing'); false when it was seen before (a redelivery). */
export async function claimPaymentEvent(tx: Executor, event: typeof paymentEvents.$inferInsert): Promise<boolean> {
  const claimed = await tx
    .insert(paymentEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  return claimed.length > 0;
}

/** Stores what a claimed event did. */
export async function recordEventOutcome(tx: Executor, eventId: string, outcome: string, detail: string | null) {
  await tx.update(paymentEvents).set({ outcome, detail }).where(eq(paymentEvents.eventId, eventId));
}
