import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type TicketAttachmentRow, ticketAttachments } from '@/db/schema/index';

/** How many attachments the ticket keeps (deleted ones aside). */
export async function countAttachments(tx: Executor, ticketId: number): Promise<number> {
  const [kept] = await tx
    .select({ n: count() })
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.ticketId, ticketId), isNull(ticketAttachments.deletedAt)));
  return Number(kept?.n ?? 0);
}

export async function insertAttachment(
  tx: Executor,
  values: typeof ticketAttachments.$inferInsert,
): Promise<TicketAttachmentRow | undefined> {
  const [row] = await tx.insert(ticketAttachments).values(values).returning();
  return row;
}
