import { eq, sql } from 'drizzle-orm';
import { BRASILIA_TIME_ZONE } from '@prata/domain';
import type { Executor } from '@/db/client';
import { int } from '@/db/integers';
import type { UserRow } from '@/db/rows';
import { users } from '@/db/schema/index';
import { rows } from '@/db/sql';

// The fiscal demo's SQL (demo.ts): what it checks before running, the market's rates, and the dates of the invoices.

/** The approved demo customers (cliente@, empresa@), with their e-mails in lower case. */
export async function approvedDemoCustomers(db: Executor) {
  const demo = await rows<{ id: string; email: string }>(
    db,
    sql`select id::text, lower(email) as email from users
         where lower(email) in ('cliente@prata.dev', 'empresa@prata.dev') and approved_at is not null`,
  );
  return demo.map((u) => ({ id: int(u.id), email: u.email }));
}

/** How many service invoices these two customers have. */
export async function serviceInvoiceCountOf(db: Executor, a: number, b: number): Promise<number> {
  const [seen] = await rows<{ n: string }>(
    db,
    sql`select count(*)::text as n from service_invoices where user_id in (${a}, ${b})`,
  );
  return int(seen?.n ?? 0);
}

/** How many orders were placed more than 45 days ago. */
export async function ordersOlderThan45Days(db: Executor): Promise<number> {
  const [old] = await rows<{ n: string }>(
    db,
    sql`select count(*)::text as n from orders where created_at < now() - interval '45 days'`,
  );
  return int(old?.n ?? 0);
}

/** The market's fee and IOF rates (basis points) and minimum fee in centavos, when the settings exist. */
export async function demoMarketRates(db: Executor) {
  const [rates] = await rows<{ fee: number; iof: number; min: string }>(
    db,
    sql`select fee_rate_bps as fee, iof_rate_bps as iof, minimum_fee_cents::text as min from market_settings`,
  );
  return rates ? { feeRateBps: rates.fee, iofRateBps: rates.iof, minimumFeeCents: int(rates.min) } : undefined;
}

/** Dates these customers' service invoices as issued: a month's on the 1st of the next, at 06:00 in Brasília. */
export async function dateServiceInvoicesAsIssued(db: Executor, userIds: [number, number]): Promise<void> {
  await db.execute(sql`update service_invoices
                          set created_at = ((period + interval '1 month')::timestamp + interval '6 hours') at time zone ${BRASILIA_TIME_ZONE}
                        where user_id in (${userIds[0]}, ${userIds[1]})`);
}

/** The id of the silver product of this name. */
export async function productTypeIdByName(db: Executor, name: string): Promise<number | undefined> {
  const [product] = await rows<{ id: string }>(db, sql`select id::text from silver_product_types where name = ${name}`);
  return product ? int(product.id) : undefined;
}

export async function demoUserById(db: Executor, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** The customer's first kept address's id. */
export async function firstAddressId(db: Executor, userId: number): Promise<number | undefined> {
  const [address] = await rows<{ id: string }>(
    db,
    sql`select id::text from addresses where user_id = ${userId} and deleted_at is null order by id limit 1`,
  );
  return address ? int(address.id) : undefined;
}
