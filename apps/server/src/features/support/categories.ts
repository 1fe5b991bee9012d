import { MESSAGES } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import { pgErrorCode, withTransaction } from '@/db/tx';
import { writeAudit } from '@/lib/audit';
import { AppError, invalid, notFound } from '@/lib/errors';
import {
  activeCategories,
  activeSubcategories,
  allCategories,
  allSubcategories,
  categoryById,
  categoryCount,
  insertCategory,
  insertSubcategory,
  lockCategories,
  lockSubcategories,
  subcategoryById,
  subcategoryCount,
  updateCategoryRow,
  updateSubcategoryRow,
} from './repository/index';

/** Categories and subcategories a back office keeps: the form's select stays short. */
export const CATEGORIES_MAX = 50;
export const SUBCATEGORIES_MAX = 500;

type Staff = { userId: number; ip: string };

/** GET /api/ticket: the active categories and the active subcategories of active categories, in order. */
export async function listActiveCategories(db: Executor) {
  const categories = await activeCategories(db, CATEGORIES_MAX);
  const subcategories = await activeSubcategories(db, SUBCATEGORIES_MAX);
  return { categories, subcategories };
}

/**
 * The category and subcategory a new ticket names: both active, and the subcategory of that category. Anything else
 * is the spec's 'Selecione um item da lista' on the field that is wrong.
 */
export async function checkChoice(db: Executor, categoryId: number, subcategoryId: number) {
  const category = await categoryById(db, categoryId);
  if (!category?.active) throw invalid('category_id', MESSAGES.ticketChooseItem);
  const sub = await subcategoryById(db, subcategoryId);
  if (!sub?.active || sub.categoryId !== categoryId) throw invalid('subcategory_id', MESSAGES.ticketChooseItem);
}

/** Every category with its subcategories, active or not (the back office). */
export async function listCategoriesForStaff(db: Executor) {
  const categories = await allCategories(db, CATEGORIES_MAX);
  const subs = await allSubcategories(db, SUBCATEGORIES_MAX);
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
      const n = await categoryCount(tx);
      if (n >= CATEGORIES_MAX) throw new AppError('LIST_LIMIT_REACHED', `No máximo ${CATEGORIES_MAX} categorias.`);
      const createdId = await insertCategory(tx, { name: input.name, active: input.active, position: n });
      await writeAudit(tx, {
        actorUserId: staff.userId,
        action: 'ticket_category.created',
        targetType: 'ticket_category',
        targetId: createdId,
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
      if (!(await updateCategoryRow(tx, id, { name: input.name, active: input.active }))) throw notFound();
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
      if (!(await categoryById(tx, categoryId))) throw notFound();
      await lockSubcategories(tx);
      const n = await subcategoryCount(tx);
      if (n >= SUBCATEGORIES_MAX)
        throw new AppError('LIST_LIMIT_REACHED', `No máximo ${SUBCATEGORIES_MAX} subcategorias.`);
      const createdId = await insertSubcategory(tx, {
        categoryId,
        name: input.name,
        active: input.active,
        position: n,
      });
      await writeAudit(tx, {
        actorUserId: staff.userId,
        action: 'ticket_subcategory.created',
        targetType: 'ticket_subcategory',
        targetId: createdId,
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
      if (!(await updateSubcategoryRow(tx, id, { name: input.name, active: input.active }))) throw notFound();
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
