import { count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import {
  contactInformation,
  faqs,
  ticketCategories,
  ticketInteractions,
  ticketRatings,
  tickets,
  ticketSubcategories,
  users,
} from '@/db/schema/index';

// The demo seed's SQL (support/demo.ts): what it checks before writing, and the rows it writes.

/** Whether the table of FAQs, of contact information or of ticket categories has no row. */
export async function supportTableIsEmpty(tx: Executor, table: 'faqs' | 'contact' | 'categories'): Promise<boolean> {
  const from = { faqs, contact: contactInformation, categories: ticketCategories }[table];
  const [row] = await tx.select({ n: count() }).from(from);
  return Number(row?.n ?? 0) === 0;
}

export async function insertDemoFaqs(
  tx: Executor,
  values: Array<{ question: string; answerHtml: string; position: number }>,
) {
  await tx.insert(faqs).values(values);
}

export async function insertDemoContact(tx: Executor, values: Array<{ key: string; value: string }>) {
  await tx.insert(contactInformation).values(values);
}

/** A category with its subcategories, in the order given. */
export async function insertDemoCategory(tx: Executor, category: { name: string; position: number }, subs: string[]) {
  const [row] = await tx.insert(ticketCategories).values(category).returning({ id: ticketCategories.id });
  await tx.insert(ticketSubcategories).values(subs.map((name, j) => ({ categoryId: row!.id, name, position: j })));
}

/** The users of these e-mails (lower case), whatever the case they were written in. */
export function usersByLowerEmail(tx: Executor, emails: string[]) {
  return tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
}

export async function userTicketCount(tx: Executor, userId: number): Promise<number> {
  const [existing] = await tx.select({ n: count() }).from(tickets).where(eq(tickets.userId, userId));
  return Number(existing?.n ?? 0);
}

/** A ticket written as it stands (the demo's past tickets); its id. */
export async function insertDemoTicket(tx: Executor, values: typeof tickets.$inferInsert): Promise<number> {
  const [row] = await tx.insert(tickets).values(values).returning({ id: tickets.id });
  return row!.id;
}

export async function insertDemoTicketMessage(tx: Executor, values: typeof ticketInteractions.$inferInsert) {
  await tx.insert(ticketInteractions).values(values);
}

export async function insertDemoTicketRating(tx: Executor, values: typeof ticketRatings.$inferInsert) {
  await tx.insert(ticketRatings).values(values);
}
