import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { MESSAGES, type TicketStatus } from '@prata/domain';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { type TicketRow, ticketAttachments, ticketInteractions, tickets, users } from '../../db/schema/index';
import { withTransaction } from '../../db/tx';
import { writeAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { inKeyOrder, pageAnswer, readPageKeys } from '../../lib/paging';
import type { UploadedFile } from '../../lib/uploads';
import { enqueueEmail } from '../../messaging/outbox';
import { ticketAnsweredMail } from '../../messaging/templates';
import { inspectAll, storeAttachments, withUploads } from './attachments';
import { presentAttachment, presentList, presentTicket } from './presenter';

/**
 * The back office's side of tickets (support role): the queue filtered by status and category, the answer (the
 * customer is e-mailed through the outbox, in the answer's transaction), attachments, and closing. Each move writes
 * the audit log in its transaction.
 */

const STAFF_TICKETS_PAGE_SIZE = 25;
type Staff = { userId: number; ip: string };

/**
 * The staff's tickets, filtered by status and category: the pending queue oldest first, anything else newest first.
 * Paged by lib/paging.ts on tickets_queue_idx (status, category, id) or tickets_status_idx (status, id, migration
 * 0043); the total is capped.
 */
export async function listForStaff(
  deps: AppDeps,
  query: { status?: TicketStatus; category_id?: number; page: number },
) {
  const db = deps.database.db;
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(tickets.status, query.status));
  if (query.category_id) filters.push(eq(tickets.categoryId, query.category_id));
  const where = filters.length ? and(...filters) : sql`true`;
  const list = { from: sql`${tickets} where ${where}`, orderBy: query.status === 'pending' ? sql`id` : sql`id desc` };
  const { keys, total } = await readPageKeys(db, list, { page: query.page, perPage: STAFF_TICKETS_PAGE_SIZE });
  const rows = keys.length ? await db.select().from(tickets).where(inArray(tickets.id, keys)) : [];
  const data = await presentList(
    db,
    inKeyOrder(rows, keys, (r) => r.id),
  );
  return pageAnswer(data, total, STAFF_TICKETS_PAGE_SIZE);
}

async function lockTicket(tx: Executor, id: number): Promise<TicketRow> {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).limit(1).for('update');
  if (!row) throw notFound();
  return row;
}

const forStaff = async (db: Executor, row: TicketRow) => {
  const { ticket, customer, visitor } = await presentTicket(db, row);
  return { ...ticket, customer, visitor };
};

export async function getForStaff(deps: AppDeps, id: number) {
  const db = deps.database.db;
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
  if (!row) throw notFound();
  return { ticket: await forStaff(db, row) };
}

/** Where a ticket's e-mails go: its customer's e-mail now, or the visitor's proven one. */
async function recipientOf(tx: Executor, row: TicketRow) {
  if (row.userId === null) return { email: row.email, name: null };
  const [user] = await tx.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, row.userId));
  return user ?? { email: row.email, name: null };
}

async function notify(deps: AppDeps, tx: Executor, row: TicketRow, message: string | null, closed: boolean) {
  const to = await recipientOf(tx, row);
  await enqueueEmail(tx, {
    to: to.email,
    ...ticketAnsweredMail(to.name, {
      id: row.id,
      subject: row.subject,
      message,
      closed,
      url: `${deps.config.publicUrl}/contato/ticket/${row.id}/details`,
    }),
  });
}

async function staffName(tx: Executor, staff: Staff) {
  const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, staff.userId));
  return u?.name ?? 'Operador';
}

/** POST /api/admin/tickets/{id}/interaction: the answer, e-mailed to the customer. */
export async function answerTicket(deps: AppDeps, staff: Staff, id: number, message: string) {
  const result = await withTransaction(deps.database.db, async (tx) => {
    const row = await lockTicket(tx, id);
    if (row.status === 'closed') throw new AppError('TICKET_CLOSED', MESSAGES.ticketClosed);
    await tx.insert(ticketInteractions).values({
      ticketId: row.id,
      authorUserId: staff.userId,
      fromStaff: true,
      authorName: await staffName(tx, staff),
      message,
    });
    const [updated] = await tx
      .update(tickets)
      .set({ lastReplyBy: 'staff', updatedAt: new Date() })
      .where(eq(tickets.id, row.id))
      .returning();
    await notify(deps, tx, row, message, false);
    await writeAudit(tx, {
      actorUserId: staff.userId,
      action: 'ticket.answered',
      targetType: 'ticket',
      targetId: id,
      ip: staff.ip,
    });
    return { ticket: await forStaff(tx, updated!), message: MESSAGES.ticketAnswered };
  });
  deps.outbox.kick();
  return result;
}

/** POST /api/admin/tickets/{id}/attachment: a file from the support team (the customer cannot delete it). */
export async function attachForStaff(deps: AppDeps, staff: Staff, id: number, file: UploadedFile) {
  const inspected = inspectAll([file]);
  return withUploads(deps, (written) =>
    withTransaction(deps.database.db, async (tx) => {
      const row = await lockTicket(tx, id);
      if (row.status === 'closed') throw new AppError('TICKET_CLOSED', MESSAGES.ticketClosed);
      const [stored] = await storeAttachments(
        deps,
        tx,
        row.id,
        inspected,
        { userId: staff.userId, fromStaff: true },
        written,
      );
      await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, row.id));
      await writeAudit(tx, {
        actorUserId: staff.userId,
        action: 'ticket.attachment_added',
        targetType: 'ticket',
        targetId: id,
        details: { attachment_id: stored!.id, name: stored!.originalName },
        ip: staff.ip,
      });
      return { attachment: presentAttachment(stored!), message: MESSAGES.ticketAttachmentUploaded };
    }),
  );
}

/** POST /api/admin/tickets/{id}/close: with an optional last message; the customer is e-mailed and asked to rate. */
export async function closeTicket(deps: AppDeps, staff: Staff, id: number, message: string | null) {
  const result = await withTransaction(deps.database.db, async (tx) => {
    const row = await lockTicket(tx, id);
    if (row.status === 'closed') throw new AppError('TICKET_CLOSED', MESSAGES.ticketClosed);
    if (message) {
      await tx.insert(ticketInteractions).values({
        ticketId: row.id,
        authorUserId: staff.userId,
        fromStaff: true,
        authorName: await staffName(tx, staff),
        message,
      });
    }
    const now = new Date();
    const [updated] = await tx
      .update(tickets)
      .set({
        status: 'closed',
        closedAt: now,
        closedBy: staff.userId,
        updatedAt: now,
        ...(message ? { lastReplyBy: 'staff' as const } : {}),
      })
      .where(eq(tickets.id, row.id))
      .returning();
    await notify(deps, tx, row, message, true);
    await writeAudit(tx, {
      actorUserId: staff.userId,
      action: 'ticket.closed',
      targetType: 'ticket',
      targetId: id,
      ip: staff.ip,
    });
    return { ticket: await forStaff(tx, updated!), message: MESSAGES.ticketClosedByStaff };
  });
  deps.outbox.kick();
  return result;
}

/** GET /api/admin/ticket-attachments/{id}: any ticket's kept attachment, for operators (each read audited). */
export async function readAttachmentForStaff(deps: AppDeps, staff: Staff, attachmentId: number) {
  const db = deps.database.db;
  const [row] = await db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.id, attachmentId), isNull(ticketAttachments.deletedAt)))
    .limit(1);
  if (!row) throw notFound();
  await writeAudit(db, {
    actorUserId: staff.userId,
    action: 'ticket.attachment_viewed',
    targetType: 'ticket',
    targetId: row.ticketId,
    details: { attachment_id: row.id },
    ip: staff.ip,
  });
  return { row, data: await deps.adapters.storage.get(row.storageKey) };
}
