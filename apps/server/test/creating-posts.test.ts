import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { InjectOptions } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  coupons,
  documents,
  faqs,
  silverProductTypes,
  ticketAttachments,
  ticketCategories,
  ticketInteractions,
  ticketRatings,
  ticketSubcategories,
  educationalVideos,
} from '@/db/schema/index';
import { fields, form, PDF, withSupportData } from '@/features/support/test-helpers';
import {
  bearer,
  buildTestApp,
  createCustomer,
  type Customer,
  multipart,
  sameKeyTwice,
  staffMember,
  type TestApp,
} from './helpers';

/**
 * Every POST that creates something takes an Idempotency-Key (plugins/idempotency.ts), so the web's one intention
 * (apps/web/src/lib/intention.ts) creates it once however many times it is sent. The POSTs below create nothing a
 * second request could make twice.
 */
const CREATING_NOTHING = new Set([
  // signing in and out, proving who one is
  'POST /api/login',
  'POST /api/login/verification-code',
  'POST /api/logout',
  'POST /api/session/renew',
  'POST /api/password/reset',
  'POST /api/register/verify/:token',
  // the new-device e-mail's link: ends one session, the same answer when opened again
  'POST /api/sessions/end-by-link',
  'POST /api/ticket/verify-code',
  'POST /api/silver-withdrawal/check-password',
  'POST /api/login/passkey/options',
  'POST /api/login/passkey',
  // passkey challenges: each answered once, within minutes (features/passkeys)
  'POST /api/user/passkeys/registration-options',
  'POST /api/withdrawal/passkey-options',
  'POST /api/silver-transfer/passkey-options',
  // checks and previews
  'POST /api/silver-transfer/check-receiver',
  'POST /api/silver-withdrawal/check-email',
  'POST /api/silver-withdrawal/validate-quantity',
  'POST /api/silver-withdrawal/shipping-quote',
  'POST /api/silver-withdrawal/calculate-charge',
  'POST /api/chat/ask',
  // moves the server makes at most once, and runs that replace what they wrote
  'POST /api/saving-plans/:id/:move',
  'POST /api/admin/reconciliation',
  'POST /api/admin/reserves/rebuild',
  // one subscription per endpoint; the provider's events, each claimed once by its id
  'POST /api/push/subscriptions',
  'POST /api/webhooks/payments',
]);
/** Creations of other work that do not take the key yet: the test fails once one does, so its line goes. */
const NOT_YET = new Set<string>([]);

let t: TestApp;
let c: Customer;
let operator: Customer;
let finance: Customer;
let ids: Awaited<ReturnType<typeof withSupportData>>;
let ticketId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await withSupportData(t);
  c = await createCustomer(t, { name: 'Duda Duplo' });
  operator = await staffMember(t, ['support'], 'Sara Suporte');
  finance = await staffMember(t, ['finance'], 'Fábio Financeiro');
  const body = form(
    fields({ category_id: ids.categoryId, subcategory_id: ids.subcategoryId, subject: 'Duplo', description: 'x' }),
  );
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/ticket',
    headers: { ...bearer(c.token), ...body.headers, 'idempotency-key': `chave-${randomUUID()}` },
    payload: body.payload,
  });
  ticketId = created.json().ticket.id;
});

const twice = (request: () => InjectOptions) => sameKeyTwice(t, request);

const upload = (url: string, token: string, field: string, file: { filename: string; type: string; data: Buffer }) => {
  const body = multipart({}, { [field]: file });
  return (): InjectOptions => ({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};

describe('every POST that creates takes an Idempotency-Key', () => {
  it('walks the routes: each POST takes the key, or is listed as creating nothing', () => {
    const posts = t.app.routeTable.filter((r) => r.method === 'POST');
    const unkeyed = posts
      .filter((r) => !r.idempotent && !CREATING_NOTHING.has(`POST ${r.url}`) && !NOT_YET.has(`POST ${r.url}`))
      .map((r) => r.url);
    expect(unkeyed).toEqual([]);
    const converted = posts.filter((r) => r.idempotent && NOT_YET.has(`POST ${r.url}`)).map((r) => r.url);
    expect(converted).toEqual([]);
  });
});

describe('one key, one creation', () => {
  it("a ticket's message, attachment and rating are each written once", async () => {
    await twice(() => ({
      method: 'POST',
      url: `/api/ticket/${ticketId}/interaction`,
      headers: bearer(c.token),
      payload: { message: 'Alguma novidade?' },
    }));
    await twice(
      upload(`/api/ticket/${ticketId}/attachment`, c.token, 'file', {
        filename: 'nota.pdf',
        type: 'application/pdf',
        data: PDF,
      }),
    );
    await twice(
      upload(`/api/admin/tickets/${ticketId}/attachment`, operator.token, 'file', {
        filename: 'resposta.pdf',
        type: 'application/pdf',
        data: PDF,
      }),
    );
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/tickets/${ticketId}/close`,
      headers: bearer(operator.token),
      payload: {},
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await twice(() => ({
      method: 'POST',
      url: `/api/ticket/${ticketId}/rating`,
      headers: bearer(c.token),
      payload: { stars: 5, description: null },
    }));
    const db = t.database.db;
    const mine = await db.select().from(ticketInteractions).where(eq(ticketInteractions.ticketId, ticketId));
    expect(mine.filter((i) => i.message === 'Alguma novidade?')).toHaveLength(1);
    const kept = await db
      .select()
      .from(ticketAttachments)
      .where(and(eq(ticketAttachments.ticketId, ticketId), isNull(ticketAttachments.deletedAt)));
    expect(kept.map((a) => a.originalName).sort()).toEqual(['nota.pdf', 'resposta.pdf']);
    expect(await db.select().from(ticketRatings).where(eq(ticketRatings.ticketId, ticketId))).toHaveLength(1);
  });

  it('a document is kept once', async () => {
    await twice(
      upload('/api/documents', c.token, 'document', { filename: 'rg.pdf', type: 'application/pdf', data: PDF }),
    );
    expect(await t.database.db.select().from(documents).where(eq(documents.userId, c.id))).toHaveLength(1);
  });

  it("support's FAQ, category and subcategory are each created once", async () => {
    const as = bearer(operator.token);
    const db = t.database.db;
    const before = {
      faqs: (await db.select().from(faqs)).length,
      categories: (await db.select().from(ticketCategories)).length,
      subcategories: (await db.select().from(ticketSubcategories)).length,
    };
    await twice(() => ({
      method: 'POST',
      url: '/api/admin/faqs',
      headers: as,
      payload: { question: 'Posso pagar com boleto?', answer: '<p>Não.</p>', position: 9, active: true },
    }));
    await twice(() => ({
      method: 'POST',
      url: '/api/admin/ticket-categories',
      headers: as,
      payload: { name: 'Duplicada?', active: true },
    }));
    await twice(() => ({
      method: 'POST',
      url: `/api/admin/ticket-categories/${ids.categoryId}/subcategories`,
      headers: as,
      payload: { name: 'Duplicada?', active: true },
    }));
    expect({
      faqs: (await db.select().from(faqs)).length,
      categories: (await db.select().from(ticketCategories)).length,
      subcategories: (await db.select().from(ticketSubcategories)).length,
    }).toEqual({ faqs: before.faqs + 1, categories: before.categories + 1, subcategories: before.subcategories + 1 });
  });

  it('a product, its image, a stock adjustment, a coupon and a video are each applied once', async () => {
    const as = bearer(finance.token);
    const db = t.database.db;
    const created = await twice(() => ({
      method: 'POST',
      url: '/api/admin/silver-product-types',
      headers: as,
      payload: {
        name: 'Barra dupla',
        description: 'Barra fundida',
        grams_per_unit: 250,
        stock: 7,
        active: true,
        icon: null,
        images: [],
        minting_fee: 40,
        insurance_rate: 0.5,
        pis_rate: 1.65,
        cofins_rate: 7.6,
        position: 5,
      },
    }));
    const id = created.json().productType.id as number;
    const png = await readFile(
      fileURLToPath(new URL('../src/features/catalogue/images/barra-31g.png', import.meta.url)),
    );
    await twice(
      upload(`/api/admin/silver-product-types/${id}/images`, finance.token, 'image', {
        filename: 'foto.png',
        type: 'image/png',
        data: png,
      }),
    );
    await twice(() => ({
      method: 'POST',
      url: `/api/admin/silver-product-types/${id}/stock`,
      headers: as,
      payload: { delta: 5 },
    }));
    const [product] = await db.select().from(silverProductTypes).where(eq(silverProductTypes.id, id));
    expect([product!.stock, product!.images.length]).toEqual([12, 1]);
    expect(await db.select().from(silverProductTypes).where(eq(silverProductTypes.name, 'Barra dupla'))).toHaveLength(
      1,
    );

    await twice(() => ({
      method: 'POST',
      url: '/api/admin/coupons',
      headers: as,
      payload: { code: 'DUPLO10', transaction_fee: 0.5, discount_percent: 10, active: true },
    }));
    expect(await db.select().from(coupons).where(eq(coupons.code, 'DUPLO10'))).toHaveLength(1);
    await twice(() => ({
      method: 'POST',
      url: '/api/admin/videos',
      headers: bearer(operator.token),
      payload: { youtube: 'youtu.be/HgubixK-zbI', title: 'Uma vez só', tag: 'tutorial' },
    }));
    expect(await db.select().from(educationalVideos).where(eq(educationalVideos.title, 'Uma vez só'))).toHaveLength(1);
  });

  it('a price alert is created once', async () => {
    const first = await twice(() => ({
      method: 'POST',
      url: '/api/price-alerts',
      headers: bearer(c.token),
      payload: { direction: 'above', price_per_gram: '12.34' },
    }));
    const list = await t.app.inject({ method: 'GET', url: '/api/price-alerts', headers: bearer(c.token) });
    const alerts = list.json().alerts as { id: number }[];
    expect(alerts.map((a) => a.id)).toEqual([first.json().id]);
  });
});
