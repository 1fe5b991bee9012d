import { MESSAGES, type TicketStatus } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { TicketRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { writeAudit } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { inKeyOrder, pageAnswer } from '@/lib/paging';
import type { UploadedFile } from '@/lib/uploads';
import { enqueueEmail } from '@/messaging/outbox';
import { ticketAnsweredMail } from '@/messaging/templates';
import { inspectAll, storeAttachments, withUploads } from './attachments';
import { presentAttachment, presentList, presentTicket } from './presenter';
import {
  insertTicketMessage,
  keptAttachmentById,
  staffTicketPageKeys,
  ticketById,
  ticketsByIds,
  updateTicketRow,
  userNameAndEmail,
} from './repository/index';

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
  const { keys, total } = await staffTicketPageKeys(
    db,
    { status: query.status, categoryId: query.category_id },
    { page: query.page, perPage: STAFF_TICKETS_PAGE_SIZE },
  );
  const rows = await ticketsByIds(db, keys);
  const data = await presentList(
    db,
    inKeyOrder(rows, keys, (r) => r.id),
  );
  return pageAnswer(data, total, STAFF_TICKETS_PAGE_SIZE);
}

async function lockTicket(tx: Executor, id: number): Promise<TicketRow> {
  const row = await ticketById(tx, id, true);
  if (!row) throw notFound();
  return row;
}

const forStaff = async (db: Executor, row: TicketRow) => {
  const { ticket, customer, visitor } = await presentTicket(db, row);
  return { ...ticket, customer, visitor };
};

export async function getForStaff(deps: AppDeps, id: number) {
  const db = deps.database.db;
  const row = await ticketById(db, id);
  if (!row) throw notFound();
  return { ticket: await forStaff(db, row) };
}

/** Where a ticket's e-mails go: its customer's e-mail now, or the visitor's proven one. */
async function recipientOf(tx: Executor, row: TicketRow) {
  if (row.userId === null) return { email: row.email, name: null };
  const user = await userNameAndEmail(tx, row.userId);
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
  const u = await userNameAndEmail(tx, staff.userId);
  return u?.name ?? 'Operador';
}

/** POST /api/admin/tickets/{id}/interaction: the answer, e-mailed to the customer. */
export async function answerTicket(deps: AppDeps, staff: Staff, id: number, message: string) {
  const result = await withTransaction(deps.database.db, async (tx) => {
    const row = await lockTicket(tx, id);
    if (row.status === 'closed') throw new AppError('TICKET_CLOSED', MESSAGES.ticketClosed);
    await insertTicketMessage(tx, {
      ticketId: row.id,
      authorUserId: staff.userId,
      fromStaff: true,
      authorName: await staffName(tx, staff),
      message,
    });
    const updated = await updateTicketRow(tx, row.id, { lastReplyBy: 'staff', updatedAt: new Date() });
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
      await updateTicketRow(tx, row.id, { updatedAt: new Date() });
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
      await insertTicketMessage(tx, {
        ticketId: row.id,
        authorUserId: staff.userId,
        fromStaff: true,
        authorName: await staffName(tx, staff),
        message,
      });
    }
    const now = new Date();
    const updated = await updateTicketRow(tx, row.id, {
      status: 'closed',
      closedAt: now,
      closedBy: staff.userId,
      updatedAt: now,
      ...(message ? { lastReplyBy: 'staff' as const } : {}),
    });
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
  const row = await keptAttachmentById(db, attachmentId);
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
