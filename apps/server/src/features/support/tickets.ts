import { MESSAGES, type TicketFields } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { TicketRow, UserRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { AppError, notFound } from '@/lib/errors';
import { inKeyOrder, pageAnswer } from '@/lib/paging';
import type { UploadedFile } from '@/lib/uploads';
import { inspectAll, storeAttachments, withUploads } from './attachments';
import { checkChoice } from './categories';
import { presentAttachment, presentInteraction, presentList, presentRating, presentTicket } from './presenter';
import {
  insertTicketMessage,
  insertTicketRating,
  insertTicketRow,
  markAttachmentDeleted,
  ownedAttachmentById,
  ownedTicketById,
  ownedTicketPageKeys,
  ticketsByIds,
  updateTicketRow,
} from './repository/index';
import { loggedAs } from '@/lib/log-failure';

/**
 * A customer's tickets (spec 3 "Entrar em contato", "Abrir ticket", "Ticket details"): the list, the details, the new
 * ticket, messages, attachments and the rating. Every lookup goes through the owner: another customer's ticket or
 * attachment is a 404. docs/support.md.
 */

const TICKETS_PAGE_SIZE = 10;

const userKey = (user: Pick<UserRow, 'id'>) => `user:${user.id}`;

/**
 * GET /api/tickets?page: the customer's tickets, newest first (the visitor tickets of their e-mail among them:
 * repository/tickets.ts).
 */
export async function listTickets(deps: AppDeps, user: UserRow, page: number) {
  const db = deps.database.db;
  const { keys, total } = await ownedTicketPageKeys(db, user, { page, perPage: TICKETS_PAGE_SIZE });
  const found = await ticketsByIds(db, keys);
  const rows = inKeyOrder(found, keys, (r) => r.id);
  const data = (await presentList(db, rows)).map(({ customer: _c, visitor: _v, ...row }) => row);
  return { tickets: pageAnswer(data, total, TICKETS_PAGE_SIZE) };
}

async function findOwned(db: Executor, user: UserRow, id: number, lock = false): Promise<TicketRow> {
  const row = await ownedTicketById(db, user, id, lock);
  if (!row) throw notFound();
  return row;
}

export async function getTicket(deps: AppDeps, user: UserRow, id: number) {
  const db = deps.database.db;
  return { ticket: (await presentTicket(db, await findOwned(db, user, id))).ticket };
}

const refuseClosed = (row: TicketRow) => {
  if (row.status === 'closed') throw new AppError('TICKET_CLOSED', MESSAGES.ticketClosed);
};

/**
 * Writes a ticket with its attachments (files checked first: a bad one refuses the whole ticket and writes nothing).
 * Shared by the customer's and the visitor's forms.
 */
export async function insertTicket(
  deps: AppDeps,
  input: TicketFields & { userId: number | null; email: string; visitor: boolean; authorId: number | null },
  files: UploadedFile[],
  before?: (tx: Executor) => Promise<void>,
) {
  const db = deps.database.db;
  await checkChoice(db, input.category_id, input.subcategory_id);
  const inspected = inspectAll(files);
  return withUploads(deps, (written) =>
    withTransaction(db, async (tx) => {
      await before?.(tx);
      const row = await insertTicketRow(tx, {
        userId: input.userId,
        email: input.email.trim().toLowerCase(),
        visitor: input.visitor,
        categoryId: input.category_id,
        subcategoryId: input.subcategory_id,
        subject: input.subject,
        description: input.description,
        lastReplyBy: 'customer',
      });
      await storeAttachments(deps, tx, row.id, inspected, { userId: input.authorId, fromStaff: false }, written);
      return row;
    }),
  );
}

/** POST /api/ticket */
export async function createTicket(
  deps: AppDeps,
  user: UserRow,
  fields: TicketFields,
  files: UploadedFile[],
  ip: string,
) {
  await deps.limiter.hit('ticketsAccount', userKey(user));
  await deps.limiter.hit('ticketsAddress', ip);
  const row = await insertTicket(
    deps,
    { ...fields, userId: user.id, email: user.email, visitor: false, authorId: user.id },
    files,
  );
  return { message: MESSAGES.ticketCreated, ticket: { id: row.id } };
}

/** POST /api/ticket/{id}/interaction: the customer's new message, on a pending ticket. */
export async function addInteraction(deps: AppDeps, user: UserRow, id: number, message: string) {
  await deps.limiter.hit('ticketWritesAccount', userKey(user));
  return withTransaction(deps.database.db, async (tx) => {
    const row = await findOwned(tx, user, id, true);
    refuseClosed(row);
    const interaction = await insertTicketMessage(tx, {
      ticketId: row.id,
      authorUserId: user.id,
      fromStaff: false,
      authorName: user.name,
      message,
    });
    await updateTicketRow(tx, row.id, { lastReplyBy: 'customer', updatedAt: new Date() });
    return { interaction: presentInteraction(interaction), message: MESSAGES.ticketInteractionSent };
  });
}

/** POST /api/ticket/{id}/attachment: one image or PDF, on a pending ticket. */
export async function addAttachment(deps: AppDeps, user: UserRow, id: number, file: UploadedFile) {
  await deps.limiter.hit('ticketWritesAccount', userKey(user));
  const inspected = inspectAll([file]);
  return withUploads(deps, (written) =>
    withTransaction(deps.database.db, async (tx) => {
      const row = await findOwned(tx, user, id, true);
      refuseClosed(row);
      const [stored] = await storeAttachments(
        deps,
        tx,
        row.id,
        inspected,
        { userId: user.id, fromStaff: false },
        written,
      );
      await updateTicketRow(tx, row.id, { updatedAt: new Date() });
      return { attachment: presentAttachment(stored!), message: MESSAGES.ticketAttachmentUploaded };
    }),
  );
}

/** An attachment of one of the customer's tickets (kept, not deleted), with its ticket. */
async function findOwnedAttachment(db: Executor, user: UserRow, attachmentId: number, lock = false) {
  const found = await ownedAttachmentById(db, user, attachmentId, lock);
  if (!found) throw notFound();
  return found;
}

/** GET /api/ticket/attachment/{id}: the file, for its ticket's owner. */
export async function readAttachment(deps: AppDeps, user: UserRow, attachmentId: number) {
  const { attachment } = await findOwnedAttachment(deps.database.db, user, attachmentId);
  return { row: attachment, data: await deps.adapters.storage.get(attachment.storageKey) };
}

/**
 * DELETE /api/ticket/attachment/{id}: the customer's own attachment of a pending ticket (the support team's stay).
 * The row is kept as deleted (what was sent, for the record); the bytes are removed once the change is committed.
 */
export async function deleteAttachment(deps: AppDeps, user: UserRow, attachmentId: number) {
  const removed = await withTransaction(deps.database.db, async (tx) => {
    const { attachment, ticket } = await findOwnedAttachment(tx, user, attachmentId, true);
    refuseClosed(ticket);
    if (attachment.fromStaff) throw new AppError('FORBIDDEN', MESSAGES.ticketAttachmentNotYours);
    const row = await markAttachmentDeleted(tx, attachment.id);
    await updateTicketRow(tx, ticket.id, { updatedAt: new Date() });
    return row;
  });
  await deps.adapters.storage
    .delete(removed.storageKey)
    .catch(loggedAs(`ticket attachment: file ${removed.storageKey} left behind`, 'warn'));
  return { attachment: presentAttachment(removed), message: MESSAGES.ticketAttachmentDeleted };
}

/** POST /api/ticket/{id}/rating: once, on a closed ticket. */
export async function rateTicket(
  deps: AppDeps,
  user: UserRow,
  id: number,
  input: { stars: number; description: string | null },
) {
  await deps.limiter.hit('ticketWritesAccount', userKey(user));
  return withTransaction(deps.database.db, async (tx) => {
    const row = await findOwned(tx, user, id, true);
    if (row.status !== 'closed') throw new AppError('TICKET_NOT_CLOSED', MESSAGES.ticketNotClosed);
    const rating = await insertTicketRating(tx, {
      ticketId: row.id,
      stars: input.stars,
      description: input.description,
    });
    if (!rating) throw new AppError('TICKET_ALREADY_RATED', MESSAGES.ticketAlreadyRated);
    return { rating: presentRating(rating), message: MESSAGES.ticketRated };
  });
}
