import { randomUUID } from 'node:crypto';
import { MESSAGES, mulDivHalfUp, XLSX_MIME } from '@prata/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedCustomer, bearer, buildTestApp, type Customer, type TestApp } from '../../../test/helpers';
import { takeHouseOrder, testOrderCost } from '../../../test/trades';
import { post } from '@/ledger/index';
import { fundHouse } from '@/features/orders/index';
import { rows } from '@/db/sql';
import { yearSettled } from './repository/reads';
import { FORMATS } from './workbook';

let t: TestApp;
const thisYear = new Date(Date.now() - 3 * 3_600_000).getUTCFullYear();
const lastYear = thisYear - 1;

beforeAll(async () => {
  t = await buildTestApp();
  await fundHouse(t.app.deps, null, { currency: 'AG', amountMinorUnits: 1_000_000 });
  await fundHouse(t.app.deps, null, { currency: 'BRL', amountMinorUnits: 10_000_000 });
});
// the app's render pool ends its threads
afterAll(() => t.app.close());

const get = (url: string, c: Customer) => t.app.inject({ method: 'GET', url, headers: bearer(c.token) });
const cost = testOrderCost;

async function fund(c: Customer, currency: 'BRL' | 'AG', amount: number, id = `test-fund:${randomUUID()}`) {
  await post(t.database.db, {
    id,
    debit: { system: currency === 'BRL' ? 'pix:clearing' : 'vault' },
    credit: { customer: c.id, bucket: 'available' },
    currency,
    amount,
    code: 'test.fund',
  });
  return id;
}

const trade = (c: Customer, side: 'buy' | 'sell', price: number, quantity: number) =>
  takeHouseOrder(t, c, side, price, quantity);

/** Moves an order (and its trade) to another date, as if it had been made then. */
async function dateOrder(id: number, at: string) {
  await t.database.db.execute(
    sql`update orders set created_at = ${at}::timestamptz, updated_at = ${at}::timestamptz where id = ${id}`,
  );
  await t.database.db.execute(sql`update trades set created_at = ${at}::timestamptz where taker_order_id = ${id}`);
}

/** A ledger transfer dated back (only a test does this: the ledger is append-only). */
async function dateTransfer(id: string, at: string) {
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`alter table ledger_transfers disable trigger ledger_transfers_immutable`);
    await tx.execute(sql`update ledger_transfers set created_at = ${at}::timestamptz where transfer_id = ${id}`);
    await tx.execute(sql`alter table ledger_transfers enable trigger ledger_transfers_immutable`);
  });
}

/** The workbook's columns (a loaded workbook has no column keys). */
const COL = { date: 1, id: 2, type: 3, grams: 4, price: 5, value: 6, fee: 7, iof: 8, total: 9 } as const;

async function workbookOf(c: Customer, year: number) {
  const res = await get(`/api/orders/export/${year}`, c);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe(XLSX_MIME);
  expect(res.headers['content-disposition']).toContain(`prata-irpf-${year}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb;
}

describe('the completed orders of a year', () => {
  it('GET /api/orders/completed?year lists only that year (Brasília), and keeps the list without it', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 'BRL', 1_000_000);
    const old = await trade(c, 'buy', 800, 1000);
    const recent = await trade(c, 'buy', 850, 1000);
    // 31 December at 23:30 in Brasília is still last year (02:30 UTC on 1 January)
    await dateOrder(old.id, `${thisYear}-01-01T02:30:00Z`);
    const inLast = (await get(`/api/orders/completed?page=1&year=${lastYear}`, c)).json().orders;
    const inThis = (await get(`/api/orders/completed?page=1&year=${thisYear}`, c)).json().orders;
    const all = (await get('/api/orders/completed?page=1', c)).json().orders;
    expect(inLast.data.map((o: { id: number }) => o.id)).toEqual([old.id]);
    expect(inThis.data.map((o: { id: number }) => o.id)).toEqual([recent.id]);
    expect(all.total).toBe(2);
    expect((await get('/api/orders/completed?year=1999', c)).statusCode).toBe(422);
  });
});

describe('the workbook', () => {
  it('is a real xlsx whose rows and totals are the completed orders of the year, with R$, grams and dates formatted', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 'BRL', 5_000_000);
    await trade(c, 'buy', 800, 1000);
    await trade(c, 'buy', 900, 150_000);
    await trade(c, 'sell', 1000, 50_000);
    const other = await approvedCustomer(t);
    await fund(other, 'BRL', 1_000_000);
    await trade(other, 'buy', 900, 1000);

    const wb = await workbookOf(c, thisYear);
    const sheet = wb.getWorksheet(`Ordens ${thisYear}`)!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Data',
      'Ordem',
      'Tipo',
      'Quantidade',
      'Preço por grama',
      'Valor',
      'Taxa operacional',
      'IOF',
      'Total',
    ]);
    const listed = (await get(`/api/orders/completed?page=1&year=${thisYear}`, c)).json().orders.data as Array<{
      id: number;
      type: string;
      quantity_grams: number;
      price_per_gram: number;
      transaction_fee: number;
      iof_fee: number;
      total_amount: number;
      updated_at: string;
    }>;
    expect(listed).toHaveLength(3);
    const byId = new Map(listed.map((o) => [o.id, o]));
    for (let r = 2; r <= 4; r++) {
      const row = sheet.getRow(r);
      const o = byId.get(row.getCell(COL.id).value as number)!;
      expect(o, `row ${r}`).toBeDefined();
      expect(row.getCell(COL.type).value).toBe(o.type === 'buy' ? 'Compra' : 'Venda');
      expect(row.getCell(COL.grams).value).toBe(o.quantity_grams);
      expect(row.getCell(COL.price).value).toBe(o.price_per_gram);
      expect(row.getCell(COL.fee).value).toBe(o.transaction_fee);
      expect(row.getCell(COL.iof).value).toBe(o.iof_fee);
      expect(row.getCell(COL.total).value).toBe(o.total_amount);
      const date = row.getCell(COL.date).value as Date;
      // Brasília's wall clock
      expect(date.getTime()).toBe(new Date(o.updated_at).getTime() - 3 * 3_600_000);
      expect(row.getCell(COL.date).numFmt).toBe(FORMATS.date);
      expect(row.getCell(COL.grams).numFmt).toBe(FORMATS.grams);
      expect(row.getCell(COL.total).numFmt).toBe(FORMATS.brl);
    }
    // a blank row, then the totals of each side
    const buys = listed.filter((o) => o.type === 'buy');
    const sells = listed.filter((o) => o.type === 'sell');
    const sum = (os: typeof listed, pick: (o: (typeof listed)[number]) => number) =>
      Math.round(os.reduce((s, o) => s + pick(o) * 100, 0)) / 100;
    expect(sheet.getRow(6).getCell(COL.type).value).toBe('Compras');
    expect(sheet.getRow(6).getCell(COL.grams).value).toBe(sum(buys, (o) => o.quantity_grams));
    expect(sheet.getRow(6).getCell(COL.total).value).toBe(sum(buys, (o) => o.total_amount));
    expect(sheet.getRow(7).getCell(COL.type).value).toBe('Vendas');
    expect(sheet.getRow(7).getCell(COL.total).value).toBe(sum(sells, (o) => o.total_amount));
    expect(sheet.getRow(7).getCell(COL.fee).value).toBe(sum(sells, (o) => o.transaction_fee));
    expect(sheet.rowCount).toBe(7);

    const summary = wb.getWorksheet('Posição em 31-12')!;
    const position = (await get(`/api/irpf/position/${thisYear}`, c)).json();
    const summaryValue = (label: RegExp) => {
      let found: unknown;
      summary.eachRow((row) => {
        if (label.test(String(row.getCell(1).value))) found = row.getCell(2).value;
      });
      return found;
    };
    expect(summaryValue(/^Prata em custódia/)).toBe(position.grams);
    expect(summaryValue(/^Custo médio por grama/)).toBe(position.average_cost_per_gram);
    expect(summaryValue(/^Valor a declarar/)).toBe(position.cost_amount);
    expect(summaryValue(/^Comprado em/)).toBe(sum(buys, (o) => o.total_amount));
  });

  it('only the guide years: the current one minus 3 up to the current one', async () => {
    const c = await approvedCustomer(t);
    const early = await get(`/api/orders/export/${thisYear - 4}`, c);
    expect([early.statusCode, early.json().code, early.json().message]).toEqual([
      422,
      'IRPF_YEAR_OUT_OF_RANGE',
      MESSAGES.irpfYearOutOfRange(thisYear - 3, thisYear),
    ]);
    expect((await get(`/api/irpf/position/${thisYear + 1}`, c)).statusCode).toBe(422);
    expect((await get('/api/orders/export/abc', c)).statusCode).toBe(422);
    const empty = await workbookOf(c, thisYear - 3);
    // the header, a blank row and the two totals, at zero
    expect(empty.getWorksheet(`Ordens ${thisYear - 3}`)!.rowCount).toBe(4);
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/export/${thisYear}` })).statusCode).toBe(401);
  });
});

describe('the position on 31 December', () => {
  it('grams from the ledger until the end of the year; the average cost with fees and IOF, sales at the average', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 'BRL', 5_000_000);
    // 3 g came into custody last year (a transfer dated back); nothing else happened before this year
    const before = await fund(c, 'AG', 300);
    await dateTransfer(before, `${lastYear}-06-01T12:00:00Z`);
    const b1 = cost('buy', 800, 1000).totalCents;
    const b2 = cost('buy', 900, 3000).totalCents;
    await trade(c, 'buy', 800, 1000);
    await trade(c, 'buy', 900, 3000);
    await trade(c, 'sell', 1000, 1000);

    const last = (await get(`/api/irpf/position/${lastYear}`, c)).json();
    expect(last).toMatchObject({ year: lastYear, date: `${lastYear}-12-31`, grams: 3, average_cost_per_gram: 0 });

    // the moving average: 40 g bought for b1 + b2; 10 g sold take a quarter of the cost out
    const basis = b1 + b2 - mulDivHalfUp(b1 + b2, 1000, 4000);
    const now = (await get(`/api/irpf/position/${thisYear}`, c)).json();
    expect(now).toMatchObject({
      year: thisYear,
      grams: 33,
      average_cost_per_gram: mulDivHalfUp(basis, 100, 3000) / 100,
      // 33 g at the average of the 30 g bought
      cost_amount: mulDivHalfUp(basis, 3300, 3000) / 100,
      bought_amount: (b1 + b2) / 100,
      sold_amount: cost('sell', 1000, 1000).totalCents / 100,
      bought_grams: 40,
      sold_grams: 10,
    });
    expect(now.average_cost_per_gram).toBeGreaterThan(8.75);
  });

  it("a settled year's totals are added up once and kept; a year in progress is added up on every read", async () => {
    const c = await approvedCustomer(t);
    await fund(c, 'BRL', 5_000_000);
    const old = await trade(c, 'buy', 800, 1000);
    await dateOrder(old.id, `${lastYear}-07-01T12:00:00Z`);
    await trade(c, 'buy', 900, 2000);
    const kept = () =>
      rows<{ bought: string }>(
        t.database.db,
        sql`select bought_cents::text as bought, year from irpf_year_totals where user_id = ${c.id} order by year`,
      );

    const last = (await get(`/api/irpf/position/${lastYear}`, c)).json();
    expect(last).toMatchObject({ bought_amount: cost('buy', 800, 1000).totalCents / 100, bought_grams: 10 });
    const now = (await get(`/api/irpf/position/${thisYear}`, c)).json();
    expect(now).toMatchObject({ bought_amount: cost('buy', 900, 2000).totalCents / 100, bought_grams: 20 });
    // the first hour of a year its predecessor is not settled yet: nothing is kept then
    if (!yearSettled(lastYear, new Date())) return;
    expect(await kept()).toEqual([{ bought: String(cost('buy', 800, 1000).totalCents), year: lastYear }]);
    // read from the kept row from then on (changed here to tell it apart), never added up again
    await t.database.db.execute(sql`update irpf_year_totals set bought_cents = 1 where user_id = ${c.id}`);
    expect((await get(`/api/irpf/position/${lastYear}`, c)).json().bought_amount).toBe(0.01);
    expect((await get(`/api/irpf/position/${thisYear}`, c)).json().bought_amount).toBe(now.bought_amount);
  });
});
