import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { int } from '@/db/integers';
import { type ProductInvoiceRow, productInvoices, type ServiceInvoiceRow, serviceInvoices } from '@/db/schema/index';
import { rows } from '@/db/sql';
import { inKeyOrder, type PageAt, readPageKeys } from '@/lib/paging';

// The stored invoices: a customer's pages, one invoice, and what issuing one writes under the customer's lock.

/** Serializes issuing per customer (any instance): the same month or order is never sent to the issuer twice. */
const ISSUE_LOCK = 727_015;

/** Takes the customer's issuing lock until the caller's transaction ends. */
export async function lockIssuing(tx: Executor, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ISSUE_LOCK}, ${userId}::int)`);
}

/** Whether the customer's service invoice of `period` (a month's first day) is stored. */
export async function serviceInvoiceExists(tx: Executor, userId: number, period: string): Promise<boolean> {
  const found = await rows<{ one: number }>(
    tx,
    sql`select 1 as one from service_invoices where user_id = ${userId} and period = ${period}::date limit 1`,
  );
  return found.length > 0;
}

/** Whether the product invoice of an order of bars is stored. */
export async function productInvoiceExists(tx: Executor, silverWithdrawalId: number): Promise<boolean> {
  const found = await rows<{ one: number }>(
    tx,
    sql`select 1 as one from product_invoices where silver_withdrawal_id = ${silverWithdrawalId} limit 1`,
  );
  return found.length > 0;
}

/** The next number of a service or a product invoice (a sequence: never given twice, gaps on a rollback). */
export async function nextInvoiceNumber(tx: Executor, kind: 'service' | 'product'): Promise<number> {
  const [seq] = await rows<{ n: string }>(
    tx,
    kind === 'service'
      ? sql`select nextval('service_invoice_numbers')::text as n`
      : sql`select nextval('product_invoice_numbers')::text as n`,
  );
  return int(seq?.n);
}

export async function insertServiceInvoice(tx: Executor, row: typeof serviceInvoices.$inferInsert): Promise<void> {
  await tx.insert(serviceInvoices).values(row);
}

export async function insertProductInvoice(tx: Executor, row: typeof productInvoices.$inferInsert): Promise<void> {
  await tx.insert(productInvoices).values(row);
}

/** A page of the customer's service invoices, newest month first (service_invoices_user_idx). */
export async function serviceInvoicePage(db: Executor, userId: number, at: PageAt) {
  const { keys, total } = await readPageKeys(
    db,
    { from: sql`service_invoices where user_id = ${userId}`, orderBy: sql`period desc, id desc` },
    at,
  );
  const found =
    keys.length === 0 ? [] : await db.select().from(serviceInvoices).where(inArray(serviceInvoices.id, keys));
  return { found: inKeyOrder(found, keys, (r) => r.id), total };
}

/** A page of the customer's product invoices, newest first (product_invoices_user_idx). */
export async function productInvoicePage(db: Executor, userId: number, at: PageAt) {
  const { keys, total } = await readPageKeys(
    db,
    { from: sql`product_invoices where user_id = ${userId}`, orderBy: sql`created_at desc, id desc` },
    at,
  );
  const found =
    keys.length === 0 ? [] : await db.select().from(productInvoices).where(inArray(productInvoices.id, keys));
  return { found: inKeyOrder(found, keys, (r) => r.id), total };
}

/** The customer's service invoice `id`, or undefined (unknown, or another customer's). */
export async function findServiceInvoice(
  db: Executor,
  id: number,
  userId: number,
): Promise<ServiceInvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(serviceInvoices)
    .where(and(eq(serviceInvoices.id, id), eq(serviceInvoices.userId, userId)));
  return row;
}

/** Product invoice `id` (of `userId` when given), or undefined. */
export async function findProductInvoice(
  db: Executor,
  id: number,
  userId?: number,
): Promise<ProductInvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(productInvoices)
    .where(
      userId === undefined
        ? eq(productInvoices.id, id)
        : and(eq(productInvoices.id, id), eq(productInvoices.userId, userId)),
    );
  return row;
}
