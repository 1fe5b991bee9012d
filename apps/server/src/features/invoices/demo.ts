import {
  brasiliaYear,
  CreateSilverWithdrawalRequest,
  orderCost,
  type OrderSide,
  silverValueCents,
  BRASILIA_TIME_ZONE,
} from '@prata/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { users } from '../../db/schema/index';
import { int, rows } from '../../db/sql';
import { placeOrder } from '../orders/index';
import { createForCustomer, markSent } from '../silver-withdrawals/index';
import { issueDueInvoices } from './issue';

/** A seeded walk (the same demo on every machine). */
function walk(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

type Dated = { from: number; to: number; at: Date; orders: number[] };

/**
 * The demo's fiscal history (`npm start`; docs/fiscal.md): the demo customers traded with each other over the two
 * years before the orders demo's last month (a trade or two a month), through the same matcher as every order; the history
 * is then dated back: its orders, trades and ledger transfers take their month's date (the only time the demo rewrites
 * a date of the ledger, in one transaction, as migration 0006 did), and the trading limit's usage moves to those years.
 * Then each customer has an order of bars paid from the balance, and the invoices are issued: a service invoice per
 * closed month with fees, a product invoice per order of bars, dated when they would have been issued. Runs once.
 */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: demo data written out, one block per record
export async function seedFiscalDemo(deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const demo = await rows<{ id: string; email: string }>(
    db,
    sql`select id::text, lower(email) as email from users
         where lower(email) in ('cliente@prata.dev', 'empresa@prata.dev') and approved_at is not null`,
  );
  const maria = demo.find((u) => u.email === 'cliente@prata.dev');
  const empresa = demo.find((u) => u.email === 'empresa@prata.dev');
  if (!maria || !empresa) return;
  const [seen] = await rows<{ n: string }>(
    db,
    sql`select count(*)::text as n from service_invoices where user_id in (${int(maria.id)}, ${int(empresa.id)})`,
  );
  const [old] = await rows<{ n: string }>(
    db,
    sql`select count(*)::text as n from orders where created_at < now() - interval '45 days'`,
  );
  if (int(seen?.n ?? 0) > 0 || int(old?.n ?? 0) > 0) return;

  const [rates] = await rows<{ fee: number; iof: number; min: string }>(
    db,
    sql`select fee_rate_bps as fee, iof_rate_bps as iof, minimum_fee_cents::text as min from market_settings`,
  );
  const cost = (side: OrderSide, price: number, quantity: number) =>
    orderCost({
      side,
      pricePerGramCents: price,
      quantityCentigrams: quantity,
      feeRateBps: rates?.fee ?? 50,
      iofRateBps: rates?.iof ?? 38,
      minimumFeeCents: int(rates?.min ?? 500),
    }).totalCents;
  const lastTransfer = async () =>
    int((await rows<{ n: string }>(db, sql`select coalesce(max(id), 0)::text as n from ledger_transfers`))[0]?.n);

  const random = walk(20_241_126);
  const now = new Date();
  const dated: Dated[] = [];
  const usage = new Map<string, number>();
  const MONTHS = 22;
  for (let back = MONTHS + 1; back >= 2; back--) {
    // from about R$ 5,80/g two years ago towards R$ 8,20/g, with some noise
    const price = Math.round(580 + ((MONTHS + 1 - back) * 240) / MONTHS + (random() - 0.5) * 30);
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    // [buyer, seller, grams]: the buyer rests a buy at the month's price (below the house's asks, so it rests) and the
    // seller takes it from the table, as on the orders screen; the house, whose book rests around R$ 9,00, stays out
    const trades: Array<[string, string, number]> = [[maria.id, empresa.id, 500 + Math.round(random() * 10) * 100]];
    if (back % 4 === 0) trades.push([empresa.id, maria.id, 400 + Math.round(random() * 4) * 100]);
    if (back % 3 === 0) trades.push([empresa.id, maria.id, 300]);
    for (const [i, [buyer, seller, grams]] of trades.entries()) {
      const day = 3 + ((back * 7 + i * 9) % 24);
      const at = new Date(month.getTime() + (day - 1) * 86_400_000 + (13 + i) * 3_600_000 + i * 17 * 60_000);
      const from = await lastTransfer();
      const resting = await placeOrder(deps, int(buyer), 'buy', {
        mode: 'limit',
        price_per_gram: price,
        quantity_grams: grams,
        total_amount: cost('buy', price, grams),
      });
      const taken = await placeOrder(deps, int(seller), 'sell', {
        order_id: resting.order.id,
        price_per_gram: price,
        quantity_grams: grams,
        total_amount: cost('sell', price, grams),
      });
      dated.push({ from, to: await lastTransfer(), at, orders: [resting.order.id, taken.order.id] });
      const year = brasiliaYear(at);
      for (const who of [buyer, seller]) {
        const key = `${who}:${year}`;
        usage.set(key, (usage.get(key) ?? 0) + silverValueCents(price, grams));
      }
    }
  }

  const thisYear = brasiliaYear(now);
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table ledger_transfers disable trigger ledger_transfers_immutable`);
    for (const d of dated) {
      const at = d.at.toISOString();
      await tx.execute(
        sql`update ledger_transfers set created_at = ${at}::timestamptz where id > ${d.from} and id <= ${d.to}`,
      );
      await tx.execute(sql`update orders set created_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
                            where id in (${d.orders[0]}, ${d.orders[1]})`);
      await tx.execute(sql`update trades set created_at = ${at}::timestamptz where taker_order_id = ${d.orders[1]}`);
      await tx.execute(sql`update ledger_holds set created_at = ${at}::timestamptz,
                                  resolved_at = case when resolved_at is null then null else ${at}::timestamptz end
                            where hold_id like ${`order:${d.orders[0]}:%`} or hold_id like ${`order:${d.orders[1]}:%`}`);
    }
    await tx.execute(sql`alter table ledger_transfers enable trigger ledger_transfers_immutable`);
    // the history counts against the trading limit of its own years, not this one's
    for (const [key, cents] of usage) {
      const [customer, year] = key.split(':').map(Number) as [number, number];
      if (year === thisYear) continue;
      await tx.execute(sql`update trading_usage set traded_cents = greatest(0, traded_cents - ${cents})
                            where user_id = ${customer} and year = ${thisYear}`);
      await tx.execute(sql`insert into trading_usage (user_id, year, traded_cents) values (${customer}, ${year}, ${cents})
                           on conflict (user_id, year) do update set traded_cents = trading_usage.traded_cents + excluded.traded_cents`);
    }
  });

  await barsFromBalance(deps, int(maria.id), 'Barra de prata 50 g', false);
  await barsFromBalance(deps, int(empresa.id), 'Barra de prata 31,1 g (1 onça)', true);

  await issueDueInvoices(deps, { now });
  // dated as they would have been issued: a month's service invoice on the 1st of the next, at 06:00 in Brasília
  await db.execute(sql`update service_invoices
                          set created_at = ((period + interval '1 month')::timestamp + interval '6 hours') at time zone ${BRASILIA_TIME_ZONE}
                        where user_id in (${int(maria.id)}, ${int(empresa.id)})`);
}

/** An order of one bar paid from the balance: from custody (grams) or bought from the house's asks. */
async function barsFromBalance(deps: AppDeps, userId: number, bar: string, purchase: boolean) {
  const db = deps.database.db;
  const [product] = await rows<{ id: string }>(db, sql`select id::text from silver_product_types where name = ${bar}`);
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [address] = await rows<{ id: string }>(
    db,
    sql`select id::text from addresses where user_id = ${userId} and deleted_at is null order by id limit 1`,
  );
  if (!product || !user || !address) return;
  try {
    const input = CreateSilverWithdrawalRequest.parse({
      // the most the customer accepts to pay; the server charges its own figures (never more)
      items: [{ product_type_id: int(product.id), quantity: 1, total: 5000 }],
      address: { id: int(address.id) },
      shippingService: { Carrier: 'Correios', ServiceCode: '04014' },
      coupon_id: null,
      paymentMethod: 'balance',
      includeSilverValue: purchase,
      requiresOrder: false,
    });
    const made = await createForCustomer(deps, user, input, '127.0.0.1');
    // shipped by the operator: the money is captured and the NF-e goes with the bars
    await markSent(deps, null, made.silverWithdrawal.id, `BR${String(made.silverWithdrawal.id).padStart(9, '0')}BR`);
  } catch (err) {
    console.warn(`demo: the order of a bar for the demo customer ${userId} was not made:`, (err as Error).message);
  }
}
