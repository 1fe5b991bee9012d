import { randomUUID } from 'node:crypto';
import {
  addStatementMonths,
  brasiliaYear,
  brasiliaYearStart,
  statementMonthOf,
  statementMonthRange,
} from '@prata/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { approvedCustomer, bearer, buildTestApp, type Customer, type TestApp } from '../../../test/helpers';
import { takeHouseOrder, testOrderCost } from '../../../test/trades';
import { rows } from '@/db/sql';
import { post } from '@/ledger/index';
import { randomInt, seededRandom } from '@/lib/seeded-random';
import { fundHouse } from '@/features/orders/index';
import { buildCostLatest, buildCostMonths } from './checkpoints';
import { averageCostAt } from './facts';

/**
 * The average cost's checkpoints (checkpoints.ts) only make the walk shorter: the average as of any instant is the
 * same with no checkpoint, with the monthly job run for some months, for all, and with the running checkpoint carried
 * past the current month's fills; so is the position's answer. Random buys and sells through the order book, each
 * month's moved back to that month, many in the current month, and silver moved in and out of custody.
 */

let t: TestApp;
let c: Customer;
const MONTHS = 5;
/** The current month's trades (the other months' are 4 each). */
const CURRENT_MONTH_TRADES = 40;
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
  new Date(now.getTime() + 6 * 60_000),
  statementMonthRange(currentMonth).to,
  brasiliaYearStart(brasiliaYear(now) + 1),
];
const averages = async () => Promise.all(instants().map((at) => averageCostAt(t.database.db, c.id, at)));

/** Silver into or out of the customer's custody (a transfer between customers, a withdrawal): no fill. */
const moveSilver = (userId: number, way: 'in' | 'out', cg: number) =>
  post(t.database.db, {
    id: `test-silver:${randomUUID()}`,
    debit: way === 'in' ? { system: 'vault' } : { customer: userId, bucket: 'available' },
    credit: way === 'in' ? { customer: userId, bucket: 'available' } : { system: 'vault' },
    currency: 'AG',
    amount: cg,
    code: 'test.fund',
  });

const positionText = async () =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/irpf/position/${brasiliaYear(now)}`,
      headers: bearer(c.token),
    })
  ).body;

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
    for (let k = 0; k < (month === currentMonth ? CURRENT_MONTH_TRADES : 4); k++) {
      const sell = grams > 2_000 && randomInt(random, 0, 2) === 0;
      const quantity = sell ? randomInt(random, 1_500, grams) : randomInt(random, 1_000, 3_000);
      await trade(sell ? 'sell' : 'buy', randomInt(random, 480, 560), quantity);
      grams += sell ? -quantity : quantity;
    }
    if (month === currentMonth) break;
    if (i === 2) await moveSilver(c.id, 'in', 5_000);
    if (i === 3) await moveSilver(c.id, 'out', 1_000);
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

  it("the running checkpoint carried past the current month's fills leaves every average and the position as they were", async () => {
    const expected = await averages();
    const position = await positionText();
    expect(JSON.parse(position).grams).not.toBe('0.00');
    // before any run, the running checkpoint does not exist: the reads are the monthly ones
    const [none] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from irpf_cost_through`);
    expect(none!.n).toBe(0);
    // a run as of now: the instant a grace before now, some of the current month's fills before it
    await buildCostLatest(t.database.db, now);
    expect(await averages()).toEqual(expected);
    // a run as of later: every fill before the instant, the reads walk none
    const reached = await buildCostLatest(t.database.db, new Date(now.getTime() + 10 * 60_000));
    expect(reached.getTime()).toBe(now.getTime() + 5 * 60_000);
    const [latest] = await rows<{ grams: string }>(
      t.database.db,
      sql`select grams::text from irpf_cost_latest where user_id = ${c.id}`,
    );
    expect(Number(latest!.grams)).toBe(expected.at(-3)!.grams);
    expect(await averages()).toEqual(expected);
    expect(await positionText()).toBe(position);
    // two instances running it together: one moves the instant, the other waits and walks the rest
    const later = new Date(now.getTime() + 20 * 60_000);
    await Promise.all([buildCostLatest(t.database.db, later), buildCostLatest(t.database.db, later)]);
    expect(await averages()).toEqual(expected);
    expect(await positionText()).toBe(position);
  });
});
