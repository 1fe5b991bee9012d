import { randomUUID } from 'node:crypto';
import { addStatementMonths, statementMonthOf, statementMonthRange } from '@prata/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedCustomer, buildTestApp, type Customer, type TestApp } from '../../../test/helpers';
import { takeHouseOrder, testOrderCost } from '../../../test/trades';
import { rows } from '../../db/sql';
import { post } from '../../ledger/index';
import { randomInt, seededRandom } from '../../lib/seeded-random';
import { fundHouse } from '../orders/index';
import { buildCostMonths } from './checkpoints';
import { averageCostAt } from './facts';

/**
 * The average cost's monthly checkpoints (checkpoints.ts) only make the walk shorter: the average as of any instant is
 * the same with no checkpoint, with the job run for some months, and for all. Random buys and sells through the order
 * book, each month's moved back to that month.
 */

let t: TestApp;
let c: Customer;
const MONTHS = 5;
const now = new Date();
const currentMonth = statementMonthOf(now);
const months = Array.from({ length: MONTHS }, (_, i) => addStatementMonths(currentMonth, i - MONTHS));

const _cost = testOrderCost;

const trade = (side: 'buy' | 'sell', price: number, quantity: number) => takeHouseOrder(t, c, side, price, quantity);

const instants = () => [
  ...months.flatMap((m) => {
    const { from, to } = statementMonthRange(m);
    return [from, new Date((from.getTime() + to.getTime()) / 2), new Date(to.getTime() - 1)];
  }),
  now,
  new Date(now.getTime() + 60_000),
];
const averages = async () => Promise.all(instants().map((at) => averageCostAt(t.database.db, c.id, at)));

beforeAll(async () => {
  t = await buildTestApp();
  await fundHouse(t.app.deps, null, { currency: 'AG', amountMinorUnits: 1_000_000 });
  await fundHouse(t.app.deps, null, { currency: 'BRL', amountMinorUnits: 10_000_000 });
  c = await approvedCustomer(t);
  await post(t.database.db, {
    id: `test-fund:${randomUUID()}`,
    debit: { system: 'pix:clearing' },
    credit: { customer: c.id, bucket: 'available' },
    currency: 'BRL',
    amount: 5_000_000,
    code: 'test.fund',
  });
  const random = seededRandom(3801);
  let grams = 0;
  // each month's trades, then moved to that month (orders and trades together, in their order); the current month's stay
  for (const [i, month] of [...months, currentMonth].entries()) {
    const [mark] = await rows<{ o: string }>(t.database.db, sql`select coalesce(max(id), 0)::text as o from orders`);
    for (let k = 0; k < 4; k++) {
      const sell = grams > 2_000 && randomInt(random, 0, 2) === 0;
      const quantity = sell ? randomInt(random, 1_500, grams) : randomInt(random, 1_000, 3_000);
      await trade(sell ? 'sell' : 'buy', randomInt(random, 480, 560), quantity);
      grams += sell ? -quantity : quantity;
    }
    if (month === currentMonth) break;
    // the first month's trades at the very instant it starts (a checkpoint's end is exclusive), the others inside
    const at = new Date(statementMonthRange(month).from.getTime() + (i === 0 ? 0 : 86_400_000 * (i + 1)));
    const shift = sql`(${at.toISOString()}::timestamptz - (select min(created_at) from orders where id > ${mark!.o}))`;
    await t.database.db.execute(sql`
      with s as (select ${shift} as d),
           o as (update orders set created_at = created_at + (select d from s), updated_at = updated_at + (select d from s)
                  where id > ${mark!.o} returning id)
      update trades set created_at = created_at + (select d from s)
       where maker_order_id in (select id from o) or taker_order_id in (select id from o)`);
  }
});

describe('IRPF average cost checkpoints', () => {
  it('give the same average at any instant whether the job ran, ran for some months, or never ran', async () => {
    const expected = await averages();
    expect(expected.some((a) => a.grams > 0)).toBe(true);

    const midway = new Date(statementMonthRange(months[2]!).from.getTime() + 86_400_000);
    const first = await buildCostMonths(t.database.db, midway);
    expect(first.map((d) => d.toISOString())).toEqual(
      months.slice(0, 2).map((m) => statementMonthRange(m).to.toISOString()),
    );
    expect(await averages()).toEqual(expected);

    const rest = await buildCostMonths(t.database.db, now);
    expect(rest.map((d) => d.toISOString())).toEqual(
      months.slice(2).map((m) => statementMonthRange(m).to.toISOString()),
    );
    expect(await buildCostMonths(t.database.db, now)).toEqual([]);
    expect(await averages()).toEqual(expected);
    // the customer's walk is stored at each month's end
    const [stored] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from irpf_cost_months where user_id = ${c.id}`,
    );
    expect(stored!.n).toBe(MONTHS);
  });
});
