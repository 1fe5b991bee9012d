import { orderCost, type OrderSide } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { int, rows } from '../../db/sql';
import { fundHouse, placeHouseOrder } from './house';
import { cancelOrder, marketRates, placeOrder } from './service';

/** The house's resting asks and bids around the demo's reference price of R$ 9,00 per gram (centavos per gram, grams), a spread of R$ 0,20 between the best. */
const ASKS: Array<[number, number]> = [
  [910, 250],
  [920, 400],
  [935, 600],
  [950, 1000],
  [980, 2000],
];
const BIDS: Array<[number, number]> = [
  [890, 250],
  [880, 400],
  [865, 600],
  [850, 1000],
  [820, 2000],
];

/** A seeded walk (the same demo on every machine). */
function walk(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

/**
 * The order book of the demo (`npm start`), made through the same calls as operators' and customers' orders: the house
 * is funded (silver put in the vault, capital paid in) and rests several sell and buy orders around R$ 9,00/g with a
 * spread between them, so a new customer can buy, sell, or rest an order inside the spread at once. The demo customers
 * traded with it over the last 30 days (their completed orders, and the price chart's trades, spread over the month),
 * one cancelled an order, and each has one resting. Runs once: a database with orders is left as it is.
 */
export async function seedOrdersDemo(deps: AppDeps): Promise<void> {
  const db = deps.database.db;
  const [seen] = await rows<{ n: string }>(db, sql`select count(*)::text as n from orders`);
  if (int(seen?.n ?? 0) > 0) return;
  const demo = await rows<{ id: string; email: string }>(
    db,
    sql`select id::text, lower(email) as email from users
         where lower(email) in ('cliente@prata.dev', 'empresa@prata.dev') and approved_at is not null`,
  );
  const maria = demo.find((u) => u.email === 'cliente@prata.dev');
  const empresa = demo.find((u) => u.email === 'empresa@prata.dev');

  await fundHouse(deps, null, { currency: 'AG', amount: 5_000_000 }); // 50 kg in the vault
  await fundHouse(deps, null, { currency: 'BRL', amount: 50_000_000 }); // R$ 500.000,00 of capital

  if (maria && empresa) {
    const rates = await marketRates(db);
    const cost = (side: OrderSide, price: number, quantity: number) =>
      orderCost({ side, pricePerGramCents: price, quantityCentigrams: quantity, ...rates }).totalCents;
    const random = walk(20_261_125);
    let price: number;
    for (let day = 0; day < 24; day++) {
      // from R$ 8,20 towards the reference, with some noise
      price = 820 + Math.round((day * 70) / 23 + (random() - 0.5) * 16);
      const customer = int(day % 3 === 2 ? empresa.id : maria.id);
      const customerSells = day % 4 === 3;
      const grams = 100 + Math.round(random() * 6) * 50; // 1 to 4 g
      // the house rests an order at the day's price, the customer takes it from the table
      const house = await placeHouseOrder(deps, null, {
        type: customerSells ? 'buy' : 'sell',
        price_per_gram: price,
        quantity_grams: grams,
      });
      const side: OrderSide = customerSells ? 'sell' : 'buy';
      await placeOrder(deps, customer, side, {
        order_id: house.order.id,
        price_per_gram: price,
        quantity_grams: grams,
        total_amount: cost(side, price, grams),
      });
    }
    // spread them over the last 29 days, oldest first and denser lately (the day, week and month charts all show some),
    // as if the demo had been running for a month; the new dates move the market's version (migration 0031), so the
    // matcher's copy and the answers' JSON follow without being told
    await db.execute(sql`
      with t as (select id, row_number() over (order by id) as n, count(*) over () as total from trades)
      update trades
         set created_at = now() - (power((t.total - t.n)::float / (t.total - 1), 2) * 700 + 0.5) * interval '1 hour'
        from t where t.id = trades.id`);
    await db.execute(sql`
      update orders o set created_at = x.at, updated_at = x.at
        from (select maker_order_id as id, created_at as at from trades
              union all select taker_order_id, created_at from trades) x
       where x.id = o.id`);

    // one cancelled order, and one resting order for each demo customer
    const cancelled = await placeOrder(deps, int(maria.id), 'buy', {
      mode: 'limit',
      price_per_gram: 800,
      quantity_grams: 500,
      total_amount: cost('buy', 800, 500),
    });
    await cancelOrder(deps, { userId: int(maria.id) }, cancelled.order.id);
    await placeOrder(deps, int(maria.id), 'sell', {
      mode: 'limit',
      price_per_gram: 960,
      quantity_grams: 200,
      total_amount: cost('sell', 960, 200),
    });
    await placeOrder(deps, int(empresa.id), 'buy', {
      mode: 'limit',
      price_per_gram: 895,
      quantity_grams: 1000,
      total_amount: cost('buy', 895, 1000),
    });
  }

  for (const [price, grams] of ASKS) {
    await placeHouseOrder(deps, null, { type: 'sell', price_per_gram: price, quantity_grams: grams * 100 });
  }
  for (const [price, grams] of BIDS) {
    await placeHouseOrder(deps, null, { type: 'buy', price_per_gram: price, quantity_grams: grams * 100 });
  }
}
