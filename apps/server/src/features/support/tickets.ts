import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { MESSAGES, type TicketFields } from '@prata/domain';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import {
  type TicketRow,
  ticketAttachments,
  ticketInteractions,
  ticketRatings,
  tickets,
  type UserRow,
} from '../../db/schema/index';
import { withTransaction } from '../../db/tx';
import { AppError, notFound } from '../../lib/errors';
import { inKeyOrder, pageAnswer, readPageKeys } from '../../lib/paging';
import type { UploadedFile } from '../../lib/uploads';
import { inspectAll, storeAttachments, withUploads } from './attachments';
import { checkChoice } from './categories';
import { presentAttachment, presentInteraction, presentList, presentRating, presentTicket } from './presenter';
import { loggedAs } from '../../lib/log-failure';

/**
 * A customer's tickets (spec 3 "Entrar em contato", "Abrir ticket", "Ticket details"): the list, the details, the new
 * ticket, messages, attachments and the rating. Every lookup goes through the owner: another customer's ticket or
 * attachment is a 404. docs/support.md.
 */

const TICKETS_PAGE_SIZE = 10;

/**
 * The tickets a customer owns: theirs, and the visitor tickets of their e-mail that no account holds (a visitor who
 * proved the e-mail with a code, before or without registering). Sessions exist only for verified e-mails, so the
 * e-mail is proven on both sides.
 */
const ownedBy = (user: Pick<UserRow, 'id' | 'email'>): SQL =>
  or(
    eq(tickets.userId, user.id),
    and(isNull(tickets.userId), eq(sql`lower(${tickets.email})`, user.email.toLowerCase())),
  )!;

const userKey = (user: Pick<UserRow, 'id'>) => `user:${user.id}`;

/**
 * GET /api/tickets?page: the customer's tickets, newest first. The two halves of `ownedBy` are disjoint (an account's
 * ticket has a user_id, a visitor's has none), so each half reads its own index (tickets_user_idx,
 * tickets_visitor_email_idx) up to the page's end and the two are merged, instead of an OR that reads every ticket.
 */
export async function listTickets(deps: AppDeps, user: UserRow, page: number) {
  const db = deps.database.db;
  const { keys, total } = await readPageKeys(
    db,
    {
      from: (needed) =>
        sql`((select id from tickets where user_id = ${user.id} order by id desc limit ${needed})
             union all
             (select id from tickets where user_id is null and lower(email) = ${user.email.toLowerCase()}
               order by id desc limit ${needed})) as owned`,
      orderBy: sql`owned.id desc`,
      key: sql`owned.id`,
    },
    { page, perPage: TICKETS_PAGE_SIZE },
  );
  const found = keys.length === 0 ? [] : await db.select().from(tickets).where(inArray(tickets.id, keys));
  const rows = inKeyOrder(found, keys, (r) => r.id);
  const data = (await presentList(db, rows)).map(({ customer: _c, visitor: _v, ...row }) => row);
  return { tickets: pageAnswer(data, total, TICKETS_PAGE_SIZE) };
}

async function findOwned(db: Executor, user: UserRow, id: number, lock = false): Promise<TicketRow> {
  const query = db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), ownedBy(user)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
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
      const [row] = await tx
        .insert(tickets)
        .values({
          userId: input.userId,
          email: input.email.trim().toLowerCase(),
          visitor: input.visitor,
          categoryId: input.category_id,
          subcategoryId: input.subcategory_id,
          subject: input.subject,
          description: input.description,
          lastReplyBy: 'customer',
        })
        .returning();
      await storeAttachments(deps, tx, row!.id, inspected, { userId: input.authorId, fromStaff: false }, written);
      return row!;
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
    const [interaction] = await tx
      .insert(ticketInteractions)
      .values({ ticketId: row.id, authorUserId: user.id, fromStaff: false, authorName: user.name, message })
      .returning();
    await tx.update(tickets).set({ lastReplyBy: 'customer', updatedAt: new Date() }).where(eq(tickets.id, row.id));
    return { interaction: presentInteraction(interaction!), message: MESSAGES.ticketInteractionSent };
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
      await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, row.id));
      return { attachment: presentAttachment(stored!), message: MESSAGES.ticketAttachmentUploaded };
    }),
  );
}

/** An attachment of one of the customer's tickets (kept, not deleted), with its ticket. */
async function findOwnedAttachment(db: Executor, user: UserRow, attachmentId: number, lock = false) {
  const query = db
    .select({ attachment: ticketAttachments, ticket: tickets })
    .from(ticketAttachments)
    .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
    .where(and(eq(ticketAttachments.id, attachmentId), isNull(ticketAttachments.deletedAt), ownedBy(user)))
    .limit(1);
  const [found] = lock ? await query.for('update') : await query;
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
    const [row] = await tx
      .update(ticketAttachments)
      .set({ deletedAt: new Date() })
      .where(eq(ticketAttachments.id, attachment.id))
      .returning();
    await tx.update(tickets).set({ updatedAt: new Date() }).where(eq(tickets.id, ticket.id));
    return row!;
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
    const [rating] = await tx
      .insert(ticketRatings)
      .values({ ticketId: row.id, stars: input.stars, description: input.description })
      .onConflictDoNothing()
      .returning();
    if (!rating) throw new AppError('TICKET_ALREADY_RATED', MESSAGES.ticketAlreadyRated);
    return { rating: presentRating(rating), message: MESSAGES.ticketRated };
  });
}
