import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type ProductTypeRow, silverProductTypes } from '@/db/schema/index';

type NewProductType = typeof silverProductTypes.$inferInsert;
type ProductTypeChanges = Partial<Omit<NewProductType, 'id'>>;

/** The operators' order of products: their position, then their id. */
const IN_OPERATORS_ORDER = [asc(silverProductTypes.position), asc(silverProductTypes.id)];

/** How many product types exist, active or not. */
export async function countProductTypes(db: Executor): Promise<number> {
  const [seen] = await db.select({ n: count() }).from(silverProductTypes);
  return Number(seen?.n ?? 0);
}

/** A page of the active products in the operators' order, and how many are active in all. */
export async function pageOfActiveProductTypes(db: Executor, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(silverProductTypes)
      .where(eq(silverProductTypes.active, true))
      .orderBy(...IN_OPERATORS_ORDER)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(silverProductTypes).where(eq(silverProductTypes.active, true)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** One active product, or undefined (unknown or withdrawn). */
export async function findActiveProductType(db: Executor, id: number): Promise<ProductTypeRow | undefined> {
  const [row] = await db
    .select()
    .from(silverProductTypes)
    .where(and(eq(silverProductTypes.id, id), eq(silverProductTypes.active, true)))
    .limit(1);
  return row;
}

/** Product types by id (active or not). */
export async function productTypesById(db: Executor, ids: number[]): Promise<Map<number, ProductTypeRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(silverProductTypes).where(inArray(silverProductTypes.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Every product, active or not, in the operators' order. */
export function allProductTypes(db: Executor): Promise<ProductTypeRow[]> {
  return db
    .select()
    .from(silverProductTypes)
    .orderBy(...IN_OPERATORS_ORDER);
}

/** Every product's images (to know whether an uploaded file is still shown). */
export function imagesOfAllProductTypes(db: Executor) {
  return db.select({ images: silverProductTypes.images }).from(silverProductTypes);
}

/** One product locked for update in the caller's transaction, or undefined. */
export async function lockProductType(tx: Executor, id: number): Promise<ProductTypeRow | undefined> {
  const [row] = await tx.select().from(silverProductTypes).where(eq(silverProductTypes.id, id)).for('update').limit(1);
  return row;
}

/** A new product's row, as inserted. */
export async function insertProductType(tx: Executor, values: NewProductType): Promise<ProductTypeRow | undefined> {
  const [row] = await tx.insert(silverProductTypes).values(values).returning();
  return row;
}

/** Changes one product's columns; answers the row as updated (undefined when there is none). */
export async function updateProductType(
  tx: Executor,
  id: number,
  changes: ProductTypeChanges,
): Promise<ProductTypeRow | undefined> {
  const [row] = await tx.update(silverProductTypes).set(changes).where(eq(silverProductTypes.id, id)).returning();
  return row;
}

/** Adds `delta` units (negative: takes) to a product's stock unless it would go below zero; the row, or undefined. */
export async function addToStockUnlessNegative(
  db: Executor,
  id: number,
  delta: number,
): Promise<ProductTypeRow | undefined> {
  const [row] = await db
    .update(silverProductTypes)
    .set({ stock: sql`${silverProductTypes.stock} + ${delta}`, updatedAt: new Date() })
    .where(and(eq(silverProductTypes.id, id), sql`${silverProductTypes.stock} + ${delta} >= 0`))
    .returning();
  return row;
}

/** A product's name and stock, or undefined. */
export async function nameAndStockOf(db: Executor, id: number) {
  const [row] = await db
    .select({ name: silverProductTypes.name, stock: silverProductTypes.stock })
    .from(silverProductTypes)
    .where(eq(silverProductTypes.id, id));
  return row;
}

/**
 * Takes `quantity` units of an active product's stock if that many are left (two buyers of the last bar cannot both
 * take it); answers false when they were not.
 */
export async function takeStockIfLeft(tx: Executor, productTypeId: number, quantity: number): Promise<boolean> {
  const [taken] = await tx
    .update(silverProductTypes)
    .set({ stock: sql`${silverProductTypes.stock} - ${quantity}`, updatedAt: new Date() })
    .where(
      and(
        eq(silverProductTypes.id, productTypeId),
        eq(silverProductTypes.active, true),
        sql`${silverProductTypes.stock} >= ${quantity}`,
      ),
    )
    .returning({ stock: silverProductTypes.stock });
  return taken !== undefined;
}

/** How many units of a product are left (0 when there is no such product). */
export async function stockLeft(tx: Executor, productTypeId: number): Promise<number> {
  const [now] = await tx
    .select({ stock: silverProductTypes.stock })
    .from(silverProductTypes)
    .where(eq(silverProductTypes.id, productTypeId));
  return now?.stock ?? 0;
}

/** Puts `quantity` units back in a product's stock (an order that will not ship). */
export async function returnStock(tx: Executor, productTypeId: number, quantity: number): Promise<void> {
  await tx
    .update(silverProductTypes)
    .set({ stock: sql`${silverProductTypes.stock} + ${quantity}`, updatedAt: new Date() })
    .where(eq(silverProductTypes.id, productTypeId));
}

/** The units of each product in orders paid for (or held) but not yet sent, by product id. */
export async function unitsToShipByProductType(db: Executor): Promise<Map<number, number>> {
  const toShip = (await db.execute(
    sql`select i.product_type_id::text as id, sum(i.quantity)::text as units
          from silver_withdrawal_items i join silver_withdrawals w on w.id = i.silver_withdrawal_id
         where w.status in ('pending', 'paid') group by i.product_type_id`,
  )) as unknown as { rows: Array<{ id: string; units: string }> };
  return new Map(toShip.rows.map((r) => [Number(r.id), Number(r.units)]));
}
