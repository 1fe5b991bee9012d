import { and, asc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TicketStatus } from '@prata/domain';
import type { Executor } from '@/db/client';
import {
  type TicketAttachmentRow,
  type TicketInteractionRow,
  type TicketRatingRow,
  type TicketRow,
  ticketAttachments,
  ticketCategories,
  ticketEmailProofs,
  ticketInteractions,
  ticketRatings,
  tickets,
  ticketSubcategories,
  type UserRow,
  users,
} from '@/db/schema/index';
import { type PageAt, readPageKeys } from '@/lib/paging';

type Owner = Pick<UserRow, 'id' | 'email'>;

/**
 * The tickets a customer owns: theirs, and the visitor tickets of their e-mail that no account holds (a visitor who
 * proved the e-mail with a code, before or without registering). Sessions exist only for verified e-mails, so the
 * e-mail is proven on both sides.
 */
const ownedBy = (user: Owner): SQL =>
  or(
    eq(tickets.userId, user.id),
    and(isNull(tickets.userId), eq(sql`lower(${tickets.email})`, user.email.toLowerCase())),
  )!;

/**
 * The ids of a page of the customer's tickets, newest first. The two halves of `ownedBy` are disjoint (an account's
 * ticket has a user_id, a visitor's has none), so each half reads its own index (tickets_user_idx,
 * tickets_visitor_email_idx) up to the page's end and the two are merged, instead of an OR that reads every ticket.
 */
export function ownedTicketPageKeys(db: Executor, user: Owner, at: PageAt) {
  return readPageKeys(
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
    at,
  );
}

/**
 * The ids of a page of the staff's queue, filtered by status and category: the pending queue oldest first, anything
 * else newest first (tickets_queue_idx (status, category, id) or tickets_status_idx (status, id), migration 0043).
 */
export function staffTicketPageKeys(db: Executor, filter: { status?: TicketStatus; categoryId?: number }, at: PageAt) {
  const filters: SQL[] = [];
  if (filter.status) filters.push(eq(tickets.status, filter.status));
  if (filter.categoryId) filters.push(eq(tickets.categoryId, filter.categoryId));
  const where = filters.length ? and(...filters) : sql`true`;
  const list = { from: sql`${tickets} where ${where}`, orderBy: filter.status === 'pending' ? sql`id` : sql`id desc` };
  return readPageKeys(db, list, at);
}

/** The tickets of these ids, in no particular order. */
export function ticketsByIds(db: Executor, ids: number[]): Promise<TicketRow[]> {
  return ids.length === 0 ? Promise.resolve([]) : db.select().from(tickets).where(inArray(tickets.id, ids));
}

/** A ticket by id, locked for update when `lock`. */
export async function ticketById(db: Executor, id: number, lock = false): Promise<TicketRow | undefined> {
  const query = db.select().from(tickets).where(eq(tickets.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** One of the customer's tickets (see `ownedBy`), locked for update when `lock`. */
export async function ownedTicketById(
  db: Executor,
  user: Owner,
  id: number,
  lock = false,
): Promise<TicketRow | undefined> {
  const query = db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), ownedBy(user)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** A kept (not deleted) attachment of one of the customer's tickets, with its ticket; locked for update when `lock`. */
export async function ownedAttachmentById(db: Executor, user: Owner, attachmentId: number, lock = false) {
  const query = db
    .select({ attachment: ticketAttachments, ticket: tickets })
    .from(ticketAttachments)
    .innerJoin(tickets, eq(tickets.id, ticketAttachments.ticketId))
    .where(and(eq(ticketAttachments.id, attachmentId), isNull(ticketAttachments.deletedAt), ownedBy(user)))
    .limit(1);
  const [found] = lock ? await query.for('update') : await query;
  return found;
}

/** Any ticket's kept (not deleted) attachment. */
export async function keptAttachmentById(db: Executor, attachmentId: number): Promise<TicketAttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.id, attachmentId), isNull(ticketAttachments.deletedAt)))
    .limit(1);
  return row;
}

/** Marks an attachment deleted (the row is kept, for the record). */
export async function markAttachmentDeleted(tx: Executor, attachmentId: number): Promise<TicketAttachmentRow> {
  const [row] = await tx
    .update(ticketAttachments)
    .set({ deletedAt: new Date() })
    .where(eq(ticketAttachments.id, attachmentId))
    .returning();
  return row!;
}

export async function insertTicketRow(tx: Executor, values: typeof tickets.$inferInsert): Promise<TicketRow> {
  const [row] = await tx.insert(tickets).values(values).returning();
  return row!;
}

/** Changes a ticket's columns; the row as changed. */
export async function updateTicketRow(
  tx: Executor,
  id: number,
  set: Partial<typeof tickets.$inferInsert>,
): Promise<TicketRow | undefined> {
  const [row] = await tx.update(tickets).set(set).where(eq(tickets.id, id)).returning();
  return row;
}

export async function insertTicketMessage(
  tx: Executor,
  values: typeof ticketInteractions.$inferInsert,
): Promise<TicketInteractionRow> {
  const [row] = await tx.insert(ticketInteractions).values(values).returning();
  return row!;
}

/** The rating written, or undefined when the ticket has one already. */
export async function insertTicketRating(
  tx: Executor,
  values: typeof ticketRatings.$inferInsert,
): Promise<TicketRatingRow | undefined> {
  const [row] = await tx.insert(ticketRatings).values(values).onConflictDoNothing().returning();
  return row;
}

/** A ticket's messages, oldest first. */
export function ticketMessages(db: Executor, ticketId: number): Promise<TicketInteractionRow[]> {
  return db
    .select()
    .from(ticketInteractions)
    .where(eq(ticketInteractions.ticketId, ticketId))
    .orderBy(asc(ticketInteractions.id));
}

/** A ticket's kept attachments, oldest first. */
export function ticketKeptAttachments(db: Executor, ticketId: number): Promise<TicketAttachmentRow[]> {
  return db
    .select()
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.ticketId, ticketId), isNull(ticketAttachments.deletedAt)))
    .orderBy(asc(ticketAttachments.id));
}

export function ticketRatingsOf(db: Executor, ticketId: number): Promise<TicketRatingRow[]> {
  return db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticketId));
}

/** The names of these categories (by id). */
export function categoryNames(db: Executor, ids: number[]) {
  return ids.length
    ? db
        .select({ id: ticketCategories.id, name: ticketCategories.name })
        .from(ticketCategories)
        .where(inArray(ticketCategories.id, ids))
    : Promise.resolve([]);
}

/** The names of these subcategories (by id). */
export function subcategoryNames(db: Executor, ids: number[]) {
  return ids.length
    ? db
        .select({ id: ticketSubcategories.id, name: ticketSubcategories.name })
        .from(ticketSubcategories)
        .where(inArray(ticketSubcategories.id, ids))
    : Promise.resolve([]);
}

/** The name and e-mail of these users (by id). */
export function ticketCustomers(db: Executor, ids: number[]) {
  return ids.length
    ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids))
    : Promise.resolve([]);
}

/** A user's name and e-mail, when the user exists. */
export async function userNameAndEmail(db: Executor, userId: number) {
  const [user] = await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId));
  return user;
}

/** A visitor's proof of an e-mail, good until `expiresAt`. */
export async function insertEmailProof(db: Executor, values: { email: string; tokenHash: string; expiresAt: Date }) {
  await db.insert(ticketEmailProofs).values(values);
}

/** Spends an unused, unexpired proof of that e-mail with that token; false when there is none. */
export async function spendEmailProof(tx: Executor, proof: { email: string; tokenHash: string }): Promise<boolean> {
  const [spent] = await tx
    .update(ticketEmailProofs)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(ticketEmailProofs.tokenHash, proof.tokenHash),
        eq(ticketEmailProofs.email, proof.email),
        isNull(ticketEmailProofs.usedAt),
        gt(ticketEmailProofs.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: ticketEmailProofs.id });
  return spent !== undefined;
}
