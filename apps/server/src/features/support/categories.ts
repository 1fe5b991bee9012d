import { and, asc, eq, sql } from 'drizzle-orm';
import { MESSAGES } from '@prata/domain';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { ticketCategories, ticketSubcategories } from '../../db/schema/index';
import { pgErrorCode, withTransaction } from '../../db/tx';
import { writeAudit } from '../../lib/audit';
import { AppError, invalid, notFound } from '../../lib/errors';

/** Categories and subcategories a back office keeps: the form's select stays short. */
export const CATEGORIES_MAX = 50;
export const SUBCATEGORIES_MAX = 500;

type Staff = { userId: number; ip: string };

/**
 * Two operators adding at once count one after the other: `share row exclusive` conflicts with itself and with other
 * writes of the table, never with reads.
 */
const lockCategories = (tx: Executor) => tx.execute(sql`lock table ticket_categories in share row exclusive mode`);
const lockSubcategories = (tx: Executor) =>
  tx.execute(sql`lock table ticket_subcategories in share row exclusive mode`);

/** GET /api/ticket: the active categories and the active subcategories of active categories, in order. */
export async function listActiveCategories(db: Executor) {
  const categories = await db
    .select({ id: ticketCategories.id, name: ticketCategories.name })
    .from(ticketCategories)
    .where(eq(ticketCategories.active, true))
    .orderBy(asc(ticketCategories.position), asc(ticketCategories.id))
    .limit(CATEGORIES_MAX);
  const subcategories = await db
    .select({ id: ticketSubcategories.id, category_id: ticketSubcategories.categoryId, name: ticketSubcategories.name })
    .from(ticketSubcategories)
    .innerJoin(ticketCategories, eq(ticketCategories.id, ticketSubcategories.categoryId))
    .where(and(eq(ticketSubcategories.active, true), eq(ticketCategories.active, true)))
    .orderBy(asc(ticketSubcategories.position), asc(ticketSubcategories.id))
    .limit(SUBCATEGORIES_MAX);
  return { categories, subcategories };
}

/**
 * The category and subcategory a new ticket names: both active, and the subcategory of that category. Anything else
 * is the spec's 'Selecione um item da lista' on the field that is wrong.
 */
export async function checkChoice(db: Executor, categoryId: number, subcategoryId: number) {
  const [category] = await db
    .select({ id: ticketCategories.id, active: ticketCategories.active })
    .from(ticketCategories)
    .where(eq(ticketCategories.id, categoryId));
  if (!category?.active) throw invalid('category_id', MESSAGES.ticketChooseItem);
  const [sub] = await db
    .select({ active: ticketSubcategories.active, categoryId: ticketSubcategories.categoryId })
    .from(ticketSubcategories)
    .where(eq(ticketSubcategories.id, subcategoryId));
  if (!sub?.active || sub.categoryId !== categoryId) throw invalid('subcategory_id', MESSAGES.ticketChooseItem);
}

/** Every category with its subcategories, active or not (the back office). */
export async function listCategoriesForStaff(db: Executor) {
  const categories = await db
    .select()
    .from(ticketCategories)
    .orderBy(asc(ticketCategories.position), asc(ticketCategories.id))
    .limit(CATEGORIES_MAX);
  const subs = await db
    .select()
    .from(ticketSubcategories)
    .orderBy(asc(ticketSubcategories.position), asc(ticketSubcategories.id))
    .limit(SUBCATEGORIES_MAX);
  return categories.map((c) => ({
    id: c.id,
    name: c.name,
    active: c.active,
    subcategories: subs.filter((s) => s.categoryId === c.id).map((s) => ({ id: s.id, name: s.name, active: s.active })),
  }));
}

/** A second category (or subcategory of one category) with the same name, whatever the case: 409. */
async function unique<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgErrorCode(err) === '23505')
      throw new AppError('ALREADY_EXISTS', 'Já existe um item com este nome.', {
        name: ['Já existe um item com este nome.'],
      });
    throw err;
  }
}

type CategoryInput = { name: string; active: boolean };

export async function createCategory(deps: AppDeps, staff: Staff, input: CategoryInput) {
  return unique(() =>
    withTransaction(deps.database.db, async (tx) => {
      await lockCategories(tx);
      const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(ticketCategories)) as [{ n: number }];
      if (n >= CATEGORIES_MAX) throw new AppError('LIST_LIMIT_REACHED', `No máximo ${CATEGORIES_MAX} categorias.`);
      const [row] = await tx
        .insert(ticketCategories)
        .values({ name: input.name, active: input.active, position: n })
        .returning({ id: ticketCategories.id });
      await writeAudit(tx, {
        actorUserId: staff.userId,
        action: 'ticket_category.created',
        targetType: 'ticket_category',
        targetId: row!.id,
        details: { name: input.name },
        ip: staff.ip,
      });
      return { categories: await listCategoriesForStaff(tx), message: MESSAGES.categorySaved };
    }),
  );
}

export async function updateCategory(deps: AppDeps, staff: Staff, id: number, input: CategoryInput) {
  return unique(() =>
    withTransaction(deps.database.db, async (tx) => {
      const [row] = await tx
        .update(ticketCategories)
        .set({ name: input.name, active: input.active })
        .where(eq(ticketCategories.id, id))
        .returning({ id: ticketCategories.id });
      if (!row) throw notFound();
      await writeAudit(tx, {
        actorUserId: staff.userId,
        action: 'ticket_category.updated',
        targetType: 'ticket_category',
        targetId: id,
        details: input,
        ip: staff.ip,
      });
      return { categories: await listCategoriesForStaff(tx), message: MESSAGES.categorySaved };
    }),
  );
}

export async function createSubcategory(deps: AppDeps, staff: Staff, categoryId: number, input: CategoryInput) {
  return unique(() =>
    withTransaction(deps.database.db, async (tx) => {
      const [category] = await tx
        .select({ id: ticketCategories.id })
        .from(ticketCategories)
        .where(eq(ticketCategories.id, categoryId));
      if (!category) throw notFound();
      await lockSubcategories(tx);
      const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(ticketSubcategories)) as [{ n: number }];
      if (n >= SUBCATEGORIES_MAX)
        throw new AppError('LIST_LIMIT_REACHED', `No máximo ${SUBCATEGORIES_MAX} subcategorias.`);
      const [row] = await tx
        .insert(ticketSubcategories)
        .values({ categoryId, name: input.name, active: input.active, position: n })
        .returning({ id: ticketSubcategories.id });
      await writeAudit(tx, {
        actorUserId: staff.userId,
        action: 'ticket_subcategory.created',
        targetType: 'ticket_subcategory',
        targetId: row!.id,
        details: { category_id: categoryId, name: input.name },
        ip: staff.ip,
      });
      return { categories: await listCategoriesForStaff(tx), message: MESSAGES.subcategorySaved };
    }),
  );
}

export async function updateSubcategory(deps: AppDeps, staff: Staff, id: number, input: CategoryInput) {
  return unique(() =>
    withTransaction(deps.database.db, async (tx) => {
      const [row] = await tx
        .update(ticketSubcategories)
        .set({ name: input.name, active: input.active })
        .where(eq(ticketSubcategories.id, id))
        .returning({ id: ticketSubcategories.id });
      if (!row) throw notFound();
      await writeAudit(tx, {
        actorUserId: staff.userId,
        action: 'ticket_subcategory.updated',
        targetType: 'ticket_subcategory',
        targetId: id,
        details: input,
        ip: staff.ip,
      });
      return { categories: await listCategoriesForStaff(tx), message: MESSAGES.subcategorySaved };
    }),
  );
}
