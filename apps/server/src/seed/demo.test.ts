import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatBRL, statementMonthOf } from '@prata/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestDatabase, onPostgres, signIn, type TestApp } from '../../test/helpers';
import { boot, type Running } from '@/boot';
import { loadConfig } from '@/config';
import { rows } from '@/db/sql';
import { orderLists } from '@/features/orders/index';
import { reconcile } from '@/ledger/index';

/**
 * The demo as `npm start` seeds it (boot with config.demo), read as its customers read it: every month's statement
 * adds up from zero and never goes negative, and each trade, deposit and withdrawal the history lists is in the
 * statement of its own month.
 */
const CUSTOMERS = ['cliente@prata.dev', 'empresa@prata.dev'] as const;

type Movement = { id: string; at: string; description: string; amount: number; balance: number };
type Side = { opening: number; closing: number; movements: Movement[] };
type Statement = { month: string; from: string; to: string; months: string[]; reais: Side; grams: Side };

let running: Running;
let t: TestApp;
let dataDir: string | undefined;
const statements = new Map<string, Statement[]>();
const tokens = new Map<string, string>();

let databaseUrl: string | undefined;

/** `npm start`'s boot with the demo on: a fresh test database on PostgreSQL, a data folder of its own on PGlite. */
async function start(): Promise<Running> {
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_URL: process.env.REDIS_URL,
  } as NodeJS.ProcessEnv);
  if (onPostgres) databaseUrl ??= (await createTestDatabase()).url;
  else dataDir ??= await mkdtemp(path.join(tmpdir(), 'prata-demo-'));
  return boot({
    ...base,
    demo: true,
    databaseUrl: databaseUrl ?? base.databaseUrl,
    dataDir: dataDir ?? base.dataDir,
    uploadsDir: await mkdtemp(path.join(tmpdir(), 'prata-demo-uploads-')),
  });
}

const cents = (decimal: number) => Math.round(decimal * 100);

async function get<T>(email: string, url: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(tokens.get(email)!) });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}

/** Every page of a history list. */
async function all<T>(email: string, url: string, key: string): Promise<T[]> {
  const found: T[] = [];
  for (let page = 1; page <= 50; page++) {
    const body = await get<Record<string, { data: T[]; total: number }>>(email, `${url}?page=${page}`);
    found.push(...body[key]!.data);
    if (found.length >= body[key]!.total || body[key]!.data.length === 0) break;
  }
  return found;
}

beforeAll(async () => {
  running = await start();
  const deps = running.app.deps;
  t = { app: running.app, database: running.database, adapters: deps.adapters, config: deps.config };
  for (const email of CUSTOMERS) {
    tokens.set(email, await signIn(t, email, 'prata1234'));
    const latest = await get<Statement>(email, '/api/statements');
    const months = [...latest.months].reverse();
    const list: Statement[] = [];
    for (const month of months) list.push(await get<Statement>(email, `/api/statements?month=${month}`));
    statements.set(email, list);
  }
}, 600_000);

afterAll(async () => {
  await running?.stop();
});

/** The statement of the month `at` falls in (Brasília). */
const monthOf = (email: string, at: string) =>
  statements.get(email)!.find((s) => s.month === statementMonthOf(new Date(at)));

describe.each(CUSTOMERS)("the demo's statements of %s", (email) => {
  it('add up month after month from zero, and never go below zero', () => {
    const list = statements.get(email)!;
    expect(list.length).toBeGreaterThanOrEqual(24);
    let previous = { reais: 0, grams: 0 };
    for (const s of list) {
      for (const currency of ['reais', 'grams'] as const) {
        const side = s[currency];
        const where = `${s.month} ${currency}`;
        expect(cents(side.opening), `${where}: opening = the closing before`).toBe(previous[currency]);
        let balance = cents(side.opening);
        for (const m of side.movements) {
          balance += cents(m.amount);
          expect(cents(m.balance), `${where}: ${m.id}`).toBe(balance);
          expect(balance, `${where}: the balance after ${m.id}`).toBeGreaterThanOrEqual(0);
          expect(m.at >= s.from && m.at < s.to, `${where}: ${m.id} at ${m.at}`).toBe(true);
        }
        expect(cents(side.closing), `${where}: closing = opening + movements`).toBe(balance);
        expect(balance, `${where}: closing`).toBeGreaterThanOrEqual(0);
        previous = { ...previous, [currency]: balance };
      }
    }
  });

  it('list each completed order in the month it was traded, with its grams', async () => {
    const orders = await all<{ id: number; type: 'buy' | 'sell'; quantity_grams: number; updated_at: string }>(
      email,
      '/api/orders/completed',
      'orders',
    );
    expect(orders.length).toBeGreaterThan(10);
    for (const o of orders) {
      const grams = monthOf(email, o.updated_at)?.grams.movements ?? [];
      const signed = o.type === 'buy' ? o.quantity_grams : -o.quantity_grams;
      const fill = grams.find(
        (m) => cents(m.amount) === cents(signed) && Math.abs(Date.parse(m.at) - Date.parse(o.updated_at)) < 5_000,
      );
      expect(fill, `order ${o.id} (${o.type} ${o.quantity_grams} g) of ${o.updated_at}`).toBeDefined();
    }
  });

  it('list each credited deposit and each paid withdrawal in the month of the history', async () => {
    const deposits = await all<{ id: number; status: string; created_at: string }>(email, '/api/deposits', 'deposits');
    const credited = deposits.filter((d) => d.status === 'approved');
    expect(credited.length).toBeGreaterThan(0);
    for (const d of credited) {
      const ids = monthOf(email, d.created_at)?.reais.movements.map((m) => m.id) ?? [];
      expect(ids, `deposit ${d.id} of ${d.created_at}`).toContain(`deposit:${d.id}`);
    }
    const withdrawals = await all<{ id: number; status: string; created_at: string }>(
      email,
      '/api/withdrawals',
      'withdrawals',
    );
    for (const w of withdrawals.filter((x) => x.status === 'approved')) {
      const ids = monthOf(email, w.created_at)?.reais.movements.map((m) => m.id) ?? [];
      expect(ids, `withdrawal ${w.id} of ${w.created_at}`).toContain(`withdrawal:${w.id}#capture.1`);
    }
  });
});

const userId = async (email: string) =>
  Number((await rows<{ id: number }>(running.database.db, sql`select id from users where email = ${email}`))[0]!.id);

describe("the demo's book", () => {
  it('has house asks and bids around R$ 9,00 with a spread a new customer can rest inside', async () => {
    const book = await orderLists(running.database.db, null);
    expect(book.ordersToBuy.length).toBeGreaterThanOrEqual(5);
    expect(book.ordersToSell.length).toBeGreaterThanOrEqual(5);
    const bestAsk = book.ordersToBuy[0]!.price_per_gram;
    const bestBid = book.ordersToSell[0]!.price_per_gram;
    expect(bestAsk).toBeGreaterThan(bestBid + 0.1);
    expect(bestAsk).toBeLessThan(9.5);
    expect(bestBid).toBeGreaterThan(8.5);
  });

  it('gives the demo customers completed, cancelled and pending orders, and the chart trades in each range', async () => {
    const maria = await userId('cliente@prata.dev');
    const lists = await orderLists(running.database.db, maria);
    expect(lists.myCompletedOrders).toHaveLength(10);
    expect(lists.myPendingOrders).toHaveLength(1);
    const [cancelled] = await rows<{ n: number }>(
      running.database.db,
      sql`select count(*)::int as n from orders where user_id = ${maria} and status = 'cancelled'`,
    );
    expect(cancelled?.n).toBe(1);
    for (const range of ['day', 'week', 'month'] as const) {
      const chart = await t.app.inject({ method: 'GET', url: `/api/orders/price-history?range=${range}` });
      expect(chart.json().candles.length, range).toBeGreaterThan(0);
    }
  });
});

describe("the demo's fiscal history", () => {
  const lastYear = new Date(Date.now() - 3 * 3_600_000).getUTCFullYear() - 1;
  const maria = 'cliente@prata.dev';

  it('gives the demo customer two years of completed orders, the position of last year, and invoices of both kinds', async () => {
    const last = (await get<{ orders: { total: number } }>(maria, `/api/orders/completed?page=1&year=${lastYear}`))
      .orders;
    expect(last.total).toBeGreaterThanOrEqual(12);
    const before = (
      await get<{ orders: { total: number } }>(maria, `/api/orders/completed?page=1&year=${lastYear - 1}`)
    ).orders;
    expect(before.total).toBeGreaterThan(0);
    const position = await get<{ grams: number; average_cost_per_gram: number }>(
      maria,
      `/api/irpf/position/${lastYear}`,
    );
    expect(position.grams).toBeGreaterThan(0);
    expect(position.average_cost_per_gram).toBeGreaterThan(5);
    expect(position.average_cost_per_gram).toBeLessThan(10);

    const services = await get<{ total: number; data: Array<{ id: number; test_document: boolean }> }>(
      maria,
      '/api/service-invoices',
    );
    expect(services.total).toBeGreaterThanOrEqual(20);
    expect(services.data[0]!.test_document).toBe(true);
    const products = await get<{ total: number; data: Array<{ taxes_amount: number }> }>(
      maria,
      '/api/product-invoices',
    );
    expect(products.total).toBe(1);
    expect(products.data[0]!.taxes_amount).toBeGreaterThan(0);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/service-invoice/${services.data[0]!.id}/pdf`,
      headers: bearer(tokens.get(maria)!),
    });
    expect(pdf.statusCode).toBe(200);
  });

  it('gives the company its purchase of a bar as a product invoice', async () => {
    const [found] = await rows<{ n: number }>(
      running.database.db,
      sql`select count(*)::int as n from product_invoices p join users u on u.id = p.user_id
           where u.email = 'empresa@prata.dev' and p.description like 'Compra de prata física%'`,
    );
    expect(found!.n).toBe(1);
  });

  it('counts each year of trades against the trading limit of that year', async () => {
    const [usage] = await rows<{ n: number }>(
      running.database.db,
      sql`select count(distinct year)::int as n from trading_usage t join users u on u.id = t.user_id
           where u.email = 'cliente@prata.dev'`,
    );
    expect(usage!.n).toBeGreaterThanOrEqual(2);
  });
});

describe('the demo', () => {
  it('leaves the ledger reconciled, each account opened before its first transfer', async () => {
    expect(await reconcile(running.database.db)).toEqual({ ok: true, problems: [] });
    const early = await rows<{ transfer_id: string }>(
      running.database.db,
      sql`select t.transfer_id from ledger_transfers t
            join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
           where t.created_at < d.created_at or t.created_at < c.created_at
           limit 5`,
    );
    expect(early).toEqual([]);
  });

  it("tells the same story on every screen: Maria's open ticket asks about the TED she has waiting", async () => {
    const email = 'cliente@prata.dev';
    const { tickets } = await get<{ tickets: { data: Array<{ id: number; subject: string; status: string }> } }>(
      email,
      '/api/tickets',
    );
    const ted = tickets.data.find((x) => x.subject.startsWith('TED enviada'));
    expect(ted?.status).toBe('pending');
    const { ticket } = await get<{ ticket: { description: string } }>(email, `/api/ticket/${ted!.id}`);
    const deposits = await all<{ amount: number; method: string; status: string; has_receipt: boolean }>(
      email,
      '/api/deposits',
      'deposits',
    );
    const waiting = deposits.filter((d) => d.method === 'ted' && d.status === 'pending');
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.has_receipt).toBe(true);
    expect(ticket.description).toContain(formatBRL(cents(waiting[0]!.amount)));
  });

  it('adds nothing on a second start', async () => {
    const count = async () =>
      (
        await rows<Record<string, number>>(
          running.database.db,
          sql`select (select count(*)::int from ledger_transfers) as transfers, (select count(*)::int from orders) as orders,
                     (select count(*)::int from deposits) as deposits, (select count(*)::int from users) as users`,
        )
      )[0];
    const before = await count();
    await running.stop();
    running = await start();
    expect(await count()).toEqual(before);
  }, 300_000);
});
