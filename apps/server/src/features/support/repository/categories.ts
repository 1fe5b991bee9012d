import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { ticketCategories, ticketSubcategories } from '@/db/schema/index';

/**
 * Two operators adding at once count one after the other: `share row exclusive` conflicts with itself and with other
 * writes of the table, never with reads.
 */
export const lockCategories = (tx: Executor) =>
  tx.execute(sql`lock table ticket_categories in share row exclusive mode`);
export const lockSubcategories = (tx: Executor) =>
  tx.execute(sql`lock table ticket_subcategories in share row exclusive mode`);

/** The active categories, in order; at most `limit`. */
export function activeCategories(db: Executor, limit: number) {
  return db
    .select({ id: ticketCategories.id, name: ticketCategories.name })
    .from(ticketCategories)
    .where(eq(ticketCategories.active, true))
    .orderBy(asc(ticketCategories.position), asc(ticketCategories.id))
    .limit(limit);
}

/** The active subcategories of active categories, in order; at most `limit`. */
export function activeSubcategories(db: Executor, limit: number) {
  return db
    .select({ id: ticketSubcategories.id, category_id: ticketSubcategories.categoryId, name: ticketSubcategories.name })
    .from(ticketSubcategories)
    .innerJoin(ticketCategories, eq(ticketCategories.id, ticketSubcategories.categoryId))
    .where(and(eq(ticketSubcategories.active, true), eq(ticketCategories.active, true)))
    .orderBy(asc(ticketSubcategories.position), asc(ticketSubcategories.id))
    .limit(limit);
}

export async function categoryById(db: Executor, id: number) {
  const [category] = await db
    .select({ id: ticketCategories.id, active: ticketCategories.active })
    .from(ticketCategories)
    .where(eq(ticketCategories.id, id));
  return category;
}

export async function subcategoryById(db: Executor, id: number) {
  const [sub] = await db
    .select({ active: ticketSubcategories.active, categoryId: ticketSubcategories.categoryId })
    .from(ticketSubcategories)
    .where(eq(ticketSubcategories.id, id));
  return sub;
}

/** Every category, active or not, in order; at most `limit`. */
export function allCategories(db: Executor, limit: number) {
  return db
    .select()
    .from(ticketCategories)
    .orderBy(asc(ticketCategories.position), asc(ticketCategories.id))
    .limit(limit);
}

/** Every subcategory, active or not, in order; at most `limit`. */
export function allSubcategories(db: Executor, limit: number) {
  return db
    .select()
    .from(ticketSubcategories)
    .orderBy(asc(ticketSubcategories.position), asc(ticketSubcategories.id))
    .limit(limit);
}

export async function categoryCount(tx: Executor): Promise<number> {
  const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(ticketCategories)) as [{ n: number }];
  return n;
}

export async function subcategoryCount(tx: Executor): Promise<number> {
  const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(ticketSubcategories)) as [{ n: number }];
  return n;
}

/** The new category's id. */
export async function insertCategory(tx: Executor, values: typeof ticketCategories.$inferInsert): Promise<number> {
  const [row] = await tx.insert(ticketCategories).values(values).returning({ id: ticketCategories.id });
  return row!.id;
}

/** The new subcategory's id. */
export async function insertSubcategory(
  tx: Executor,
  values: typeof ticketSubcategories.$inferInsert,
): Promise<number> {
  const [row] = await tx.insert(ticketSubcategories).values(values).returning({ id: ticketSubcategories.id });
  return row!.id;
}

/** False when there is no such category. */
export async function updateCategoryRow(
  tx: Executor,
  id: number,
  set: { name: string; active: boolean },
): Promise<boolean> {
  const [row] = await tx
    .update(ticketCategories)
    .set(set)
    .where(eq(ticketCategories.id, id))
    .returning({ id: ticketCategories.id });
  return row !== undefined;
}

/** False when there is no such subcategory. */
export async function updateSubcategoryRow(
  tx: Executor,
  id: number,
  set: { name: string; active: boolean },
): Promise<boolean> {
  const [row] = await tx
    .update(ticketSubcategories)
    .set(set)
    .where(eq(ticketSubcategories.id, id))
    .returning({ id: ticketSubcategories.id });
  return row !== undefined;
}

/** Every category and every subcategory, unordered (the demo's seed). */
export async function categoriesAndSubcategories(tx: Executor) {
  const [categories, subs] = [await tx.select().from(ticketCategories), await tx.select().from(ticketSubcategories)];
  return { categories, subs };
}
