import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, signIn, type TestApp } from '../../../test/helpers';
import { rows } from '../../db/sql';
import { seedDemo } from '../../seed/demo';
import { seedCatalogueDemo } from '../catalogue/index';
import { seedMoneyDemo } from '../money/index';
import { seedOrdersDemo } from '../orders/index';
import { seedFiscalDemo } from './demo';

let t: TestApp;
let token: string;
const lastYear = new Date(Date.now() - 3 * 3_600_000).getUTCFullYear() - 1;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.database.db);
  await seedMoneyDemo(t.app.deps);
  await seedOrdersDemo(t.app.deps);
  await seedCatalogueDemo(t.app.deps);
  await seedFiscalDemo(t.app.deps);
  token = await signIn(t, 'cliente@prata.dev', 'prata1234');
}, 240_000);

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('the fiscal demo', () => {
  it('gives the demo customer two years of completed orders, the position of last year, and invoices of both kinds', async () => {
    const last = (await get(`/api/orders/completed?page=1&year=${lastYear}`)).json().orders;
    expect(last.total).toBeGreaterThanOrEqual(12);
    const before = (await get(`/api/orders/completed?page=1&year=${lastYear - 1}`)).json().orders;
    expect(before.total).toBeGreaterThan(0);
    const position = (await get(`/api/irpf/position/${lastYear}`)).json();
    expect(position.grams).toBeGreaterThan(0);
    expect(position.average_cost_per_gram).toBeGreaterThan(5);
    expect(position.average_cost_per_gram).toBeLessThan(10);

    const services = (await get('/api/service-invoices')).json();
    expect(services.total).toBeGreaterThanOrEqual(20);
    expect(services.data[0].test_document).toBe(true);
    const products = (await get('/api/product-invoices')).json();
    expect(products.total).toBe(1);
    expect(products.data[0].taxes_amount).toBeGreaterThan(0);
    const pdf = await get(`/api/service-invoice/${services.data[0].id}/pdf`);
    expect(pdf.statusCode).toBe(200);
  });

  it('gives the company its purchase of a bar as a product invoice', async () => {
    const [found] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from product_invoices p join users u on u.id = p.user_id
           where u.email = 'empresa@prata.dev' and p.description like 'Compra de prata física%'`,
    );
    expect(found!.n).toBe(1);
  });

  it('leaves the trading limit of this year to this year', async () => {
    const [usage] = await rows<{ n: number }>(
      t.database.db,
      sql`select count(distinct year)::int as n from trading_usage t join users u on u.id = t.user_id
           where u.email = 'cliente@prata.dev'`,
    );
    expect(usage!.n).toBeGreaterThanOrEqual(2);
  });

  it('runs once', async () => {
    const count = async () => (await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders`))[0];
    const before = await count();
    await seedFiscalDemo(t.app.deps);
    expect(await count()).toEqual(before);
  });
});
