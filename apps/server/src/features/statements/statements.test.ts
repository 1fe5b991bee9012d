import { randomUUID } from 'node:crypto';
import { addStatementMonths, perGramCents, statementMonthOf, statementMonthRange, toMinorUnits } from '@prata/domain';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedCustomer, bearer, buildTestApp, type Customer, type TestApp } from '../../../test/helpers';
import { takeHouseOrder, testOrderCost } from '../../../test/trades';
import { capture, getBalances, hold, post, requireOk } from '@/ledger/index';
import { rows } from '@/db/sql';
import { randomInt, seededRandom } from '@/lib/seeded-random';
import { fundHouse } from '@/features/orders/index';

let t: TestApp;
const PRICE_MIN = 480;
const PRICE_MAX = 560;

beforeAll(async () => {
  t = await buildTestApp();
  await fundHouse(t.app.deps, null, { currency: 'AG', amountMinorUnits: 10_000_000 });
  await fundHouse(t.app.deps, null, { currency: 'BRL', amountMinorUnits: 100_000_000 });
});
// the app's render pool ends its threads
afterAll(() => t.app.close());

const get = (url: string, c: Customer) => t.app.inject({ method: 'GET', url, headers: bearer(c.token) });
const cost = testOrderCost;

/** A market order against a house order at `price`: one fill, its value, fee and IOF through the order book. */
const trade = (c: Customer, side: 'buy' | 'sell', price: number, quantity: number) =>
  takeHouseOrder(t, c, side, price, quantity);

const deposit = (c: Customer, amount: number) =>
  post(t.database.db, {
    id: `deposit:${randomUUID()}`,
    debit: { system: 'pix:clearing' },
    credit: { customer: c.id, bucket: 'available' },
    currency: 'BRL',
    amount,
    code: 'deposit.pix',
  }).then(requireOk);

/** A money withdrawal as the money feature posts it: held, then paid out less its fee (or left pending). */
async function withdraw(c: Customer, amount: number, paid: boolean) {
  const id = `test-withdrawal:${randomUUID()}`;
  requireOk(
    await hold(t.database.db, {
      id,
      holder: { customer: c.id },
      currency: 'BRL',
      amount,
      reason: 'test',
      reference: id,
    }),
  );
  if (!paid) return;
  requireOk(
    await capture(t.database.db, {
      holdId: id,
      currency: 'BRL',
      parts: [
        { to: { system: 'payout:clearing' }, amount: amount - 990, code: 'withdrawal.payout' },
        { to: { system: 'revenue:withdrawal-fee' }, amount: 990, code: 'withdrawal.fee' },
      ],
    }),
  );
}

const sendSilver = (from: Customer, to: Customer, amount: number) =>
  post(t.database.db, {
    id: `silver-transfer:test-${randomUUID()}`,
    debit: { customer: from.id, bucket: 'available' },
    credit: { customer: to.id, bucket: 'available' },
    currency: 'AG',
    amount,
    code: 'transfer.silver',
  }).then(requireOk);

/** Moves a customer's transfers (and the trades) of the given ids back to `at`: only a test does this. */
async function dateBack(transferIds: string[], at: Date) {
  if (transferIds.length === 0) return;
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table ledger_transfers disable trigger ledger_transfers_immutable`);
    for (const id of transferIds)
      await tx.execute(
        sql`update ledger_transfers set created_at = ${at.toISOString()}::timestamptz where transfer_id = ${id}`,
      );
    await tx.execute(sql`alter table ledger_transfers enable trigger ledger_transfers_immutable`);
  });
}

type Part = {
  opening: number;
  closing: number;
  credits: number;
  debits: number;
  movements: Array<{ id: string; at: string; description: string; amount: number; balance: number }>;
};

/** opening + every movement = closing, the running balance step by step, in minor units (no float sums). */
function expectAddsUp(part: Part) {
  let balance = toMinorUnits(part.opening);
  let credits = 0;
  let debits = 0;
  for (const m of part.movements) {
    const amount = toMinorUnits(m.amount);
    balance += amount;
    if (amount > 0) credits += amount;
    else debits -= amount;
    expect(toMinorUnits(m.balance)).toBe(balance);
  }
  expect(balance).toBe(toMinorUnits(part.closing));
  expect([credits, debits]).toEqual([toMinorUnits(part.credits), toMinorUnits(part.debits)]);
}

describe('GET /api/statements', () => {
  it('a month of random activity: opening + movements = closing = the ledger, per currency, across two months', async () => {
    const random = seededRandom(30_4);
    const a = await approvedCustomer(t, { name: 'Ana Extrato' });
    const b = await approvedCustomer(t, { name: 'Bruno Contraparte' });
    const now = new Date();
    const current = statementMonthOf(now);
    const previous = addStatementMonths(current, -1);
    await t.database.db.execute(
      sql`update users set created_at = ${statementMonthRange(previous).from.toISOString()}::timestamptz where id = ${a.id}`,
    );
    await deposit(a, 500_000_00);
    await deposit(b, 1_000_00);
    await trade(b, 'buy', 500, 10_000);
    let boughtCg = 0;
    let boughtCents = 0;
    for (let step = 0; step < 40; step++) {
      const kind = randomInt(random, 0, 5);
      const balances = await getBalances(t.database.db, a.id);
      const price = randomInt(random, PRICE_MIN, PRICE_MAX);
      if (kind === 0) await deposit(a, randomInt(random, 1_00, 5_000_00));
      else if (kind === 1) {
        const quantity = randomInt(random, 100, 5_000);
        await trade(a, 'buy', price, quantity);
        boughtCg += quantity;
        boughtCents += cost('buy', price, quantity).totalCents;
      } else if (kind === 2 && balances.AG.available >= 200) {
        await trade(a, 'sell', price, randomInt(random, 100, Math.min(balances.AG.available, 3_000)));
      } else if (kind === 3 && balances.BRL.available > 2_000)
        await withdraw(a, randomInt(random, 1_000, Math.min(balances.BRL.available, 50_000_00)), random() < 0.7);
      else if (kind === 4 && balances.AG.available > 10)
        await sendSilver(a, b, randomInt(random, 1, balances.AG.available / 4));
      else if (kind === 5) await sendSilver(b, a, randomInt(random, 1, 50));
    }

    // Half of A's deposits, withdrawals and transfers happened last month (the trades stay in this one).
    const moved = await rows<{ transfer_id: string }>(
      t.database.db,
      sql`select t.transfer_id from ledger_transfers t
           where t.code in ('deposit.pix', 'withdrawal.payout', 'withdrawal.fee', 'transfer.silver')
             and (t.debit_account_id in (select id from ledger_accounts where owner_user_id = ${a.id})
               or t.credit_account_id in (select id from ledger_accounts where owner_user_id = ${a.id}))
           order by t.id`,
    );
    const ids = moved.map((r) => r.transfer_id).filter(() => random() < 0.5);
    await dateBack(ids, new Date(statementMonthRange(previous).from.getTime() + 5 * 86_400_000));

    const [last, thisMonth] = await Promise.all([
      get(`/api/statements?month=${previous}`, a),
      get(`/api/statements?month=${current}`, a),
    ]);
    expect(last.statusCode, last.body).toBe(200);
    expect(thisMonth.statusCode, thisMonth.body).toBe(200);
    const before = last.json();
    const after = thisMonth.json();
    const ledger = await getBalances(t.database.db, a.id);
    for (const key of ['reais', 'grams'] as const) {
      expectAddsUp(before[key]);
      expectAddsUp(after[key]);
      expect(before[key].opening).toBe(0);
      expect(after[key].opening).toBe(before[key].closing);
    }
    expect(before.reais.movements.length).toBeGreaterThan(0);
    expect(before.complete).toBe(true);
    expect(after.complete).toBe(false);
    // the ledger at the end of this month (now) is the closing balance: available and held
    expect(toMinorUnits(after.reais.closing)).toBe(ledger.BRL.available + ledger.BRL.held);
    expect(toMinorUnits(after.grams.closing)).toBe(ledger.AG.available + ledger.AG.held);
    expect(after.truncated).toBe(false);
    expect(after.months.slice(0, 2)).toEqual([current, previous]);

    // every line reads in Portuguese, buy and sell told apart
    const descriptions = new Set(
      [...after.reais.movements, ...after.grams.movements].map((m: { description: string }) => m.description),
    );
    expect(descriptions).toContain('Compra de prata: valor pago');
    expect(descriptions).toContain('Tarifa de operação');
    expect(descriptions).toContain('IOF');
    expect(descriptions).not.toContain('Movimentação');

    // the month's average cost: what the buys cost (value + fee + IOF) over the grams they brought
    expect(after.average_cost.bought_grams).toBe(boughtCg / 100);
    expect(toMinorUnits(after.average_cost.bought_amount)).toBe(boughtCents);
    expect(toMinorUnits(after.average_cost.month_per_gram)).toBe(perGramCents(boughtCents, boughtCg));
    expect(before.average_cost.month_per_gram).toBeNull();
    // the IRPF average is the guide's: nothing traded after this month, so the year's position says the same
    const position = await get(`/api/irpf/position/${current.slice(0, 4)}`, a);
    expect(after.average_cost.irpf_per_gram).toBe(position.json().average_cost_per_gram);
  }, 120_000);

  it("is the signed-in customer's own: the other side of a transfer sees only their side", async () => {
    const a = await approvedCustomer(t);
    const b = await approvedCustomer(t);
    await deposit(a, 10_000_00);
    await trade(a, 'buy', 500, 1_000);
    await sendSilver(a, b, 250);
    const month = statementMonthOf(new Date());
    const mine = (await get(`/api/statements?month=${month}`, b)).json();
    expect(mine.reais.movements).toEqual([]);
    expect(mine.grams.movements.map((m: { description: string; amount: number }) => [m.description, m.amount])).toEqual(
      [['Transferência de prata recebida', 2.5]],
    );
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/statements?month=${month}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('opens on the last complete month and refuses a month outside the account', async () => {
    const c = await approvedCustomer(t, { name: 'Carla Mês' });
    const current = statementMonthOf(new Date());
    const byDefault = await get('/api/statements', c);
    expect(byDefault.statusCode, byDefault.body).toBe(200);
    expect(byDefault.json()).toMatchObject({
      month: addStatementMonths(current, -1),
      reais: { opening: 0, closing: 0, movements: [] },
      customer: { name: 'Carla Mês' },
    });
    const future = await get(`/api/statements?month=${addStatementMonths(current, 1)}`, c);
    expect([future.statusCode, future.json().code]).toEqual([422, 'STATEMENT_MONTH_OUT_OF_RANGE']);
    const early = await get(`/api/statements?month=${addStatementMonths(current, -3)}`, c);
    expect([early.statusCode, early.json().code]).toEqual([422, 'STATEMENT_MONTH_OUT_OF_RANGE']);
    const malformed = await get('/api/statements?month=2026-13', c);
    expect([malformed.statusCode, malformed.json().code]).toEqual([422, 'VALIDATION_FAILED']);
  });
});

describe('the balances split as the drawer shows them', () => {
  it('opening and closing say available + reserved = total, and the month in progress closes on GET /api/user', async () => {
    const c = await approvedCustomer(t, { name: 'Rita Reservada' });
    const current = statementMonthOf(new Date());
    const previous = addStatementMonths(current, -1);
    await deposit(c, 1_000_00);
    await trade(c, 'buy', 500, 2_000);
    // a withdrawal in analysis and a sell order's grams: reserved, still the customer's
    await withdraw(c, 300_00, false);
    const sell = `test-sell:${randomUUID()}`;
    requireOk(
      await hold(t.database.db, {
        id: sell,
        holder: { customer: c.id },
        currency: 'AG',
        amount: 500,
        reason: 'test',
        reference: sell,
      }),
    );
    const { user } = (await get('/api/user', c)).json();
    const now = (await get(`/api/statements?month=${current}`, c)).json();
    expect([now.reais.closing_available, now.reais.closing_reserved]).toEqual([
      user.balance_brl,
      user.balance_brl_held,
    ]);
    expect([now.grams.closing_available, now.grams.closing_reserved]).toEqual([user.balance_ag, user.balance_ag_held]);
    expect([now.reais.closing_reserved, now.grams.closing_reserved]).toEqual([300, 5]);
    for (const part of [now.reais, now.grams]) {
      expect(toMinorUnits(part.closing)).toBe(
        toMinorUnits(part.closing_available) + toMinorUnits(part.closing_reserved),
      );
    }

    // the deposit and the withdrawal's hold happened last month: it closed with R$ 300,00 reserved, this month opens so
    const dated = await rows<{ transfer_id: string }>(
      t.database.db,
      sql`select t.transfer_id from ledger_transfers t
           where (t.code = 'deposit.pix' or t.transfer_id like 'test-withdrawal:%')
             and (t.debit_account_id in (select id from ledger_accounts where owner_user_id = ${c.id})
               or t.credit_account_id in (select id from ledger_accounts where owner_user_id = ${c.id}))`,
    );
    await dateBack(
      dated.map((r) => r.transfer_id),
      new Date(statementMonthRange(previous).from.getTime() + 3 * 86_400_000),
    );
    const [last, again] = [
      (await get(`/api/statements?month=${previous}`, c)).json(),
      (await get(`/api/statements?month=${current}`, c)).json(),
    ];
    expect(last.reais).toMatchObject({ closing: 1_000, closing_available: 700, closing_reserved: 300 });
    expect(again.reais).toMatchObject({ opening: 1_000, opening_available: 700, opening_reserved: 300 });
    expect(again.grams).toMatchObject({ opening: 0, opening_available: 0, opening_reserved: 0 });
  });
});

describe('the months offered', () => {
  it('reach back to the first movement when the history is older than the account row (the demo)', async () => {
    const d = await approvedCustomer(t);
    const current = statementMonthOf(new Date());
    const old = addStatementMonths(current, -4);
    await deposit(d, 321_00);
    const [first] = await rows<{ transfer_id: string }>(
      t.database.db,
      sql`select t.transfer_id from ledger_transfers t
           where t.credit_account_id in (select id from ledger_accounts where owner_user_id = ${d.id})`,
    );
    await dateBack([first!.transfer_id], new Date(statementMonthRange(old).from.getTime() + 86_400_000));
    const res = await get(`/api/statements?month=${old}`, d);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().months).toEqual([0, -1, -2, -3, -4].map((n) => addStatementMonths(current, n)));
    expect(res.json().reais).toMatchObject({
      opening: 0,
      closing: 321,
      movements: [{ description: 'Depósito por Pix' }],
    });
  });
});

describe('GET /api/statements/pdf', () => {
  it('is the same month as a PDF, saved as extrato-prata-<month>.pdf', async () => {
    const c = await approvedCustomer(t, { name: 'Diana PDF' });
    await deposit(c, 2_000_00);
    await trade(c, 'buy', 520, 150);
    const month = statementMonthOf(new Date());
    const res = await get(`/api/statements/pdf?month=${month}`, c);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(`extrato-prata-${month}.pdf`);
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getTitle()).toMatch(/^Extrato Prata de /);
    expect(doc.getPageCount()).toBe(1);
  });
});
