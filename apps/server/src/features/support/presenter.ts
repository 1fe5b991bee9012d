import type { Executor } from '@/db/client';
import type { TicketAttachmentRow, TicketInteractionRow, TicketRatingRow, TicketRow } from '@/db/rows';
import {
  categoryNames,
  subcategoryNames,
  ticketCustomers,
  ticketKeptAttachments,
  ticketMessages,
  ticketRatingsOf,
} from './repository/index';

/** The name the customer sees beside the support team's messages. */
export const STAFF_NAME = 'Atendimento Prata';

export const presentInteraction = (i: TicketInteractionRow) => ({
  id: i.id,
  message: i.message,
  user: { name: i.fromStaff ? STAFF_NAME : i.authorName },
  from_staff: i.fromStaff,
  created_at: i.createdAt.toISOString(),
});

export const presentAttachment = (a: TicketAttachmentRow) => ({
  id: a.id,
  original_name: a.originalName,
  mime_type: a.mimeType,
  size_bytes: a.sizeBytes,
  from_staff: a.fromStaff,
  created_at: a.createdAt.toISOString(),
});

export const presentRating = (r: TicketRatingRow) => ({
  stars: r.stars,
  description: r.description,
  created_at: r.createdAt.toISOString(),
});

/** The category and subcategory names of these tickets. */
async function namesOf(db: Executor, rows: TicketRow[]) {
  const categoryIds = [...new Set(rows.map((r) => r.categoryId))];
  const subIds = [...new Set(rows.map((r) => r.subcategoryId))];
  const [categories, subs] = await Promise.all([categoryNames(db, categoryIds), subcategoryNames(db, subIds)]);
  return {
    category: new Map(categories.map((c) => [c.id, c.name])),
    sub: new Map(subs.map((s) => [s.id, s.name])),
  };
}

/** The customers behind these tickets (null for visitors without an account). */
async function customersOf(db: Executor, rows: TicketRow[]) {
  const ids = [...new Set(rows.map((r) => r.userId).filter((id): id is number => id !== null))];
  const found = await ticketCustomers(db, ids);
  return new Map(found.map((u) => [u.id, u]));
}

/** Rows of a list (customer's or back office's). */
export async function presentList(db: Executor, rows: TicketRow[]) {
  const [names, customers] = await Promise.all([namesOf(db, rows), customersOf(db, rows)]);
  return rows.map((r) => {
    const customer = r.userId === null ? undefined : customers.get(r.userId);
    return {
      id: r.id,
      subject: r.subject,
      status: r.status,
      category: { id: r.categoryId, name: names.category.get(r.categoryId) ?? '' },
      subcategory: { id: r.subcategoryId, name: names.sub.get(r.subcategoryId) ?? '' },
      answered: r.status === 'pending' && r.lastReplyBy === 'staff',
      created_at: r.createdAt.toISOString(),
      updated_at: r.updatedAt.toISOString(),
      customer: { id: r.userId, name: customer?.name ?? null, email: customer?.email ?? r.email },
      visitor: r.visitor,
    };
  });
}

/** One ticket with everything the details page shows. */
export async function presentTicket(db: Executor, row: TicketRow) {
  const [[item], interactions, attachments, [rating]] = await Promise.all([
    presentList(db, [row]),
    ticketMessages(db, row.id),
    ticketKeptAttachments(db, row.id),
    ticketRatingsOf(db, row.id),
  ]);
  const { customer, visitor, answered: _answered, updated_at: _updated, ...base } = item!;
  return {
    ticket: {
      ...base,
      description: row.description,
      closed_at: row.closedAt?.toISOString() ?? null,
      user: { name: customer.name ?? row.email },
      interactions: interactions.map(presentInteraction),
      attachments: attachments.map(presentAttachment),
      rating: rating ? presentRating(rating) : null,
    },
    customer,
    visitor,
  };
}
