import { randomUUID } from 'node:crypto';
import { CreateSilverWithdrawalRequest, INVOICES_PAGE_SIZE, MESSAGES } from '@prata/domain';
import { eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  type Customer,
  onPostgres,
  openSecondPool,
  skippedOnPglite,
  type TestApp,
} from '../../../test/helpers';
import { takeHouseOrder } from '../../../test/trades';
import { embeddedInvoicing, type InvoicingPort } from '@/adapters/invoicing/index';
import { productInvoices, serviceInvoices, users } from '@/db/schema/index';
import { rows } from '@/db/sql';
import { post } from '@/ledger/index';
import { seedCatalogueDemo } from '@/features/catalogue/index';
import { fundHouse, placeHouseOrder } from '@/features/orders/index';
import { createForCustomer, markSent } from '@/features/silver-withdrawals/index';
import { issueDueInvoices } from './issue';
import { LIST_ISSUE_MAX } from './service';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await fundHouse(t.app.deps, null, { currency: 'AG', amountMinorUnits: 1_000_000 });
  // the catalogue's bars are priced at the house's asks
  await placeHouseOrder(t.app.deps, null, { side: 'sell', pricePerGramCents: 910, quantityCentigrams: 50_000 });
  await seedCatalogueDemo(t.app.deps);
});

const get = (url: string, c?: Customer) =>
  t.app.inject({ method: 'GET', url, headers: c ? bearer(c.token) : undefined });

async function funded(reais: number, centigrams = 0): Promise<Customer> {
  const c = await approvedCustomer(t);
  for (const [currency, amount, debit] of [
    ['BRL', reais, 'pix:clearing'],
    ['AG', centigrams, 'vault'],
  ] as const) {
    if (amount <= 0) continue;
    await post(t.database.db, {
      id: `test-fund:${randomUUID()}`,
      debit: { system: debit },
      credit: { customer: c.id, bucket: 'available' },
      currency,
      amount,
      code: 'test.fund',
    });
  }
  return c;
}

/** The customer takes a resting order of the house (buy: the house sells). */
const trade = (c: Customer, side: 'buy' | 'sell', price: number, quantity: number) =>
  takeHouseOrder(t, c, side, price, quantity);

/** The first instant of the month after this one (Brasília): this month is then closed. */
const nextMonth = () => {
  const now = new Date(Date.now() - 3 * 3_600_000);
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 3, 0, 1));
};

async function withdrawBar(c: Customer, purchase: boolean) {
  const [product] = await t.database.db
    .execute(sql`select id::text from silver_product_types where name = 'Barra de prata 50 g'`)
    .then((r) => (r as unknown as { rows: Array<{ id: string }> }).rows);
  const [user] = await t.database.db.select().from(users).where(eq(users.id, c.id));
  const address = await get('/api/user', c);
  const input = CreateSilverWithdrawalRequest.parse({
    items: [{ product_type_id: Number(product!.id), quantity: 1, total: 5000 }],
    address: { id: address.json().user.addresses[0].id },
    shippingService: { Carrier: 'Correios', ServiceCode: '04014' },
    coupon_id: null,
    paymentMethod: 'balance',
    includeSilverValue: purchase,
    requiresOrder: false,
  });
  return createForCustomer(t.app.deps, user!, input, `10.9.${c.id % 250}.1`);
}

describe('service invoices', () => {
  it('one per closed month with the fees paid in it; the list, its PDF marked as a test document, 404 for another', async () => {
    const a = await funded(1_000_000);
    const other = await funded(1_000_000);
    const first = await trade(a, 'buy', 900, 1000); // R$ 90,00: the minimum fee R$ 5,00
    const second = await trade(a, 'buy', 900, 20_000); // R$ 1.800,00: 0,5% = R$ 9,00
    await trade(other, 'buy', 900, 1000);

    // the month is still open: nothing to issue yet
    const open = await get('/api/service-invoices', a);
    expect(open.json()).toEqual({ data: [], total: 0, per_page: INVOICES_PAGE_SIZE });

    const issued = await issueDueInvoices(t.app.deps, { userId: a.id, now: nextMonth() });
    expect(issued.service).toBe(1);
    // issuing again changes nothing
    expect((await issueDueInvoices(t.app.deps, { userId: a.id, now: nextMonth() })).service).toBe(0);

    const list = await get('/api/service-invoices?page=1', a);
    expect(list.statusCode).toBe(200);
    const { data, total, per_page } = list.json();
    expect([total, per_page]).toEqual([1, INVOICES_PAGE_SIZE]);
    expect(data[0]).toMatchObject({
      services_amount: first.transaction_fee + second.transaction_fee,
      test_document: true,
    });
    expect(first.transaction_fee + second.transaction_fee).toBe(14);
    expect(data[0].description).toContain('taxa operacional das ordens executadas (2)');
    const [row] = await t.database.db.select().from(serviceInvoices).where(eq(serviceInvoices.userId, a.id));
    expect(row).toMatchObject({ servicesCents: 1400, provider: 'embedded', testDocument: true });
    expect(row!.borrower.document_type).toBe('cpf');

    const pdf = await get(`/api/service-invoice/${data[0].id}/pdf`, a);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="nota-servico-T-S-\d{6}\.pdf"/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    // the mark is drawn as text (WinAnsi): it is in the page's content stream
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);

    const stranger = await get(`/api/service-invoice/${data[0].id}/pdf`, other);
    expect([stranger.statusCode, stranger.json().code, stranger.json().message]).toEqual([
      404,
      'NOT_FOUND',
      MESSAGES.invoiceNotFound,
    ]);
    expect((await get(`/api/service-invoice/${data[0].id}/pdf`)).statusCode).toBe(401);
    expect((await get('/api/service-invoice/abc/pdf', a)).statusCode).toBe(422);
  });

  it('pages by per_page, newest month first', async () => {
    const c = await funded(0);
    const values = Array.from({ length: INVOICES_PAGE_SIZE + 2 }, (_, i) => ({
      userId: c.id,
      period: `20${String(10 + Math.floor(i / 12)).padStart(2, '0')}-${String((i % 12) + 1).padStart(2, '0')}-01`,
      description: `Serviços ${i}`,
      servicesCents: 500 + i,
      lines: [{ kind: 'trade-fee', label: 'Taxa operacional das ordens executadas', count: 1, amount_cents: 500 + i }],
      borrower: { name: 'X', document: null, document_type: null, email: c.email, address: null },
      provider: 'embedded' as const,
      testDocument: true,
      externalId: `embedded:test:${i}`,
      number: `T-S-${i}`,
    }));
    await t.database.db.insert(serviceInvoices).values(values);
    const one = (await get('/api/service-invoices?page=1', c)).json();
    const two = (await get('/api/service-invoices?page=2', c)).json();
    expect([one.total, one.data.length, two.data.length]).toEqual([INVOICES_PAGE_SIZE + 2, INVOICES_PAGE_SIZE, 2]);
    expect(one.data[0].services_amount).toBe((500 + INVOICES_PAGE_SIZE + 1) / 100);
    expect(two.data.at(-1).description).toBe('Serviços 0');
    expect((await get('/api/service-invoices?page=0', c)).statusCode).toBe(422);
  });
});

describe('product invoices', () => {
  it('one per paid order of bars, with its taxes; a signed, short-lived link to its PDF; 404 for another', async () => {
    const a = await funded(2_000_000, 10_000);
    const other = await funded(0);
    const made = await withdrawBar(a, true);
    // paid from the balance: the money is held until the bars ship, when it is captured and the NF-e is issued
    expect(made.silverWithdrawal.status).toBe('pending');
    expect((await get('/api/product-invoices', a)).json().total).toBe(0);
    await markSent(t.app.deps, null, made.silverWithdrawal.id, 'BR123456789BR');

    const list = await get('/api/product-invoices', a);
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBe(1);
    const invoice = list.json().data[0];
    const [row] = await t.database.db.select().from(productInvoices).where(eq(productInvoices.userId, a.id));
    const [order] = await t.database.db
      .execute(
        sql`select silver_value_cents::text as v, (icms_cents + difal_cents + pis_cents + cofins_cents)::text as taxes
            from silver_withdrawals where id = ${made.silverWithdrawal.id}`,
      )
      .then((r) => (r as unknown as { rows: Array<{ v: string; taxes: string }> }).rows);
    expect(row!.silverWithdrawalId).toBe(made.silverWithdrawal.id);
    expect(invoice).toMatchObject({
      products_amount: Number(order!.v) / 100,
      taxes_amount: Number(order!.taxes) / 100,
      test_document: true,
    });
    expect(Number(order!.taxes)).toBeGreaterThan(0);
    expect(invoice.description).toContain(`pedido nº ${made.silverWithdrawal.id}`);

    const link = await get(`/api/product-invoice/${invoice.id}/pdf`, a);
    expect(link.statusCode).toBe(200);
    const uri = new URL(link.json().uri);
    expect(uri.pathname).toBe(`/api/product-invoice/${invoice.id}/file`);
    // the browser opens it without the token
    const file = await t.app.inject({ method: 'GET', url: `${uri.pathname}${uri.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect((await PDFDocument.load(file.rawPayload)).getPageCount()).toBe(1);

    // a forged or altered signature is nothing; an expired link says so
    const forged = new URLSearchParams(uri.search);
    forged.set('signature', 'A'.repeat(43));
    expect((await t.app.inject({ method: 'GET', url: `${uri.pathname}?${forged}` })).statusCode).toBe(404);
    const otherId = await t.app.inject({
      method: 'GET',
      url: `/api/product-invoice/${invoice.id + 1}/file${uri.search}`,
    });
    expect(otherId.statusCode).toBe(404);
    const { productInvoiceLink } = await import('./service');
    const old = new URL((await productInvoiceLink(t.app.deps, a.id, invoice.id, Date.now() - 3_600_000)).uri);
    const expired = await t.app.inject({ method: 'GET', url: `${old.pathname}${old.search}` });
    expect([expired.statusCode, expired.json().message]).toEqual([422, MESSAGES.invoiceLinkExpired]);

    const stranger = await get(`/api/product-invoice/${invoice.id}/pdf`, other);
    expect([stranger.statusCode, stranger.json().code]).toEqual([404, 'NOT_FOUND']);
    expect((await get('/api/product-invoices', other)).json().total).toBe(0);

    // the bar's minting, freight and insurance are services of the month
    await issueDueInvoices(t.app.deps, { userId: a.id, now: nextMonth() });
    const services = (await get('/api/service-invoices', a)).json();
    expect(services.data[0].description).toMatch(
      /cunhagem das barras retiradas \(1\); frete das barras retiradas \(1\)/,
    );
  });
});

describe('the invoicing port', () => {
  it('the embedded issuer issues nothing in production: a test document never reaches a customer there', async () => {
    const production = embeddedInvoicing({ production: true });
    expect(production.canIssue).toBe(false);
    await expect(
      production.issueService({
        reference: 'x',
        sequence: 1,
        borrower: { name: 'x', document: null, document_type: null, email: 'x@x.com', address: null },
        description: 'x',
        lines: [],
        servicesCents: 1,
      }),
    ).rejects.toThrow(/produção/);
    const a = await funded(1_000_000);
    await trade(a, 'buy', 900, 1000);
    const offline: InvoicingPort = { ...production };
    const saved = t.app.deps.adapters.invoicing;
    t.app.deps.adapters.invoicing = offline;
    try {
      // nothing issued, and nothing marked issued: a list would look at these months again
      expect(await issueDueInvoices(t.app.deps, { userId: a.id, now: nextMonth() })).toEqual({
        service: 0,
        product: 0,
        serviceComplete: false,
      });
    } finally {
      t.app.deps.adapters.invoicing = saved;
    }
  });

  it('a failure of the issuer leaves the invoice due, and the PDF answers 503', async () => {
    const a = await funded(1_000_000);
    await trade(a, 'buy', 900, 1000);
    const saved = t.app.deps.adapters.invoicing;
    const { InvoicingError } = await import('@/adapters/invoicing/index');
    t.app.deps.adapters.invoicing = {
      ...saved,
      async issueService() {
        throw new InvoicingError('NFE.io answered 500');
      },
    };
    try {
      expect((await issueDueInvoices(t.app.deps, { userId: a.id, now: nextMonth() })).service).toBe(0);
    } finally {
      t.app.deps.adapters.invoicing = saved;
    }
    expect((await issueDueInvoices(t.app.deps, { userId: a.id, now: nextMonth() })).service).toBe(1);
    const [row] = await t.database.db.select().from(serviceInvoices).where(eq(serviceInvoices.userId, a.id));
    t.app.deps.adapters.invoicing = {
      ...saved,
      async servicePdf() {
        throw new InvoicingError('down');
      },
    };
    try {
      const res = await get(`/api/service-invoice/${row!.id}/pdf`, a);
      expect([res.statusCode, res.json().code]).toEqual([503, 'INVOICING_UNAVAILABLE']);
    } finally {
      t.app.deps.adapters.invoicing = saved;
    }
  });
});

describe('the hourly run', () => {
  it("looks only at the facts since its start; a customer's own list at all of them", async () => {
    const a = await funded(1_000_000);
    await trade(a, 'buy', 900, 1000);
    const later = new Date(Date.now() + 3_600_000);
    const run = await issueDueInvoices(t.app.deps, { now: nextMonth(), since: later });
    expect(run.service).toBe(0);
    expect((await issueDueInvoices(t.app.deps, { userId: a.id, now: nextMonth() })).service).toBe(1);
  });
});

describe('a list remembers the months it issued', () => {
  /** Moves the customer's newest trade to `interval` before this month's first day (UTC). */
  const backdate = (c: Customer, interval: string) =>
    t.database.db.execute(sql`
      update trades set created_at = date_trunc('month', now()) - ${interval}::interval
       where id = (select max(t.id) from trades t join orders o on o.id = t.taker_order_id where o.user_id = ${c.id})`);

  it('reads the fees from where its last complete visit left off; the hourly run still finds a late one', async () => {
    const c = await funded(1_000_000);
    await trade(c, 'buy', 900, 1000);
    await backdate(c, '5 days');
    expect((await get('/api/service-invoices', c)).json().total).toBe(1);
    const [mark] = await rows<{ same: boolean }>(
      t.database.db,
      sql`select complete_before = (date_trunc('month', now() at time zone 'America/Sao_Paulo')
                                    at time zone 'America/Sao_Paulo') as same
            from invoice_watermarks where user_id = ${c.id}`,
    );
    expect(mark?.same).toBe(true);
    // the next lists of the month read the mark and write nothing (a list is a read: no row to queue on)
    const written = async () =>
      (
        await rows<{ at: string; x: string }>(
          t.database.db,
          sql`select updated_at::text as at, xmin::text as x from invoice_watermarks where user_id = ${c.id}`,
        )
      )[0];
    const before = await written();
    await get('/api/service-invoices', c);
    await get('/api/product-invoices', c);
    expect(await written()).toEqual(before);
    // a fee dated in a month the list already closed (a transaction begun before midnight, committed after): the
    // list, reading from its mark, does not look there again
    await trade(c, 'buy', 900, 1000);
    await backdate(c, '40 days');
    expect((await get('/api/service-invoices', c)).json().total).toBe(1);
    // the hourly run looks three months back for everyone and issues it; the list shows it
    const since = new Date(Date.now() - 100 * 86_400_000);
    expect((await issueDueInvoices(t.app.deps, { userId: c.id, since })).service).toBe(1);
    expect((await get('/api/service-invoices', c)).json().total).toBe(2);
  });
});

describe('a list with a real issuer', () => {
  it('asks it for a few invoices at most before answering (the hourly run issues the rest)', async () => {
    const c = await funded(1_000_000);
    await trade(c, 'buy', 900, 1000);
    // five closed months with a fee each
    for (let i = 1; i <= 4; i++) await trade(c, 'buy', 900, 1000);
    await t.database.db.execute(sql`
      with mine as (select t.id, row_number() over (order by t.id) as n from trades t
                     join orders o on o.id = t.taker_order_id where o.user_id = ${c.id})
      update trades set created_at = date_trunc('month', now()) - (mine.n || ' months')::interval + interval '10 days'
        from mine where mine.id = trades.id`);
    const saved = t.app.deps.adapters.invoicing;
    let asked = 0;
    t.app.deps.adapters.invoicing = {
      ...saved,
      provider: 'nfeio',
      testDocuments: false,
      async issueService(draft) {
        asked += 1;
        return { externalId: `nfe-${draft.reference}`, number: String(1000 + asked) };
      },
    };
    try {
      const list = (await get('/api/service-invoices', c)).json();
      expect([asked, list.total]).toEqual([LIST_ISSUE_MAX, LIST_ISSUE_MAX]);
      expect(list.data[0].test_document).toBe(false);
      // months are still due: the list does not mark them issued, and the next one looks at them again
      const marks = await rows(t.database.db, sql`select 1 from invoice_watermarks where user_id = ${c.id}`);
      expect(marks).toHaveLength(0);
    } finally {
      t.app.deps.adapters.invoicing = saved;
    }
    expect((await issueDueInvoices(t.app.deps, { userId: c.id })).service).toBe(5 - LIST_ISSUE_MAX);
  });
});

describe('issuing at once from two instances', () => {
  it('the same month is issued once, however many lists and issuers run together', async () => {
    if (!onPostgres) return skippedOnPglite('emissão concorrente de notas');
    const a = await funded(1_000_000);
    await trade(a, 'buy', 900, 1000);
    const second = await buildTestApp({ database: await openSecondPool(t.database) });
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        issueDueInvoices((i % 2 === 0 ? t : second).app.deps, { userId: a.id, now: nextMonth() }),
      ),
    );
    expect(results.reduce((n, r) => n + r.service, 0)).toBe(1);
    const rows = await t.database.db.select().from(serviceInvoices).where(eq(serviceInvoices.userId, a.id));
    expect(rows).toHaveLength(1);
  });
});
