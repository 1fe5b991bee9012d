import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bankingInformation, tickets, tradingLimitRequests } from '@/db/schema/index';
import { fields, form, PDF, withSupportData } from '@/features/support/test-helpers';
import {
  bearer,
  buildTestApp,
  completeIndividual,
  createCustomer,
  type Customer,
  latestCode,
  staffMember,
  type TestApp,
  sameKeyTwice,
} from './helpers';

/**
 * The writes that take an Idempotency-Key (one key per intention, a double tap applies once): the same
 * key and body sent twice runs once, and the second answer is the first one replayed.
 */
let t: TestApp;
let ids: Awaited<ReturnType<typeof withSupportData>>;
let c: Customer;

beforeAll(async () => {
  t = await buildTestApp();
  ids = await withSupportData(t);
  c = await createCustomer(t, { name: 'Duda Duplo' });
  await completeIndividual(t, c);
});

const twice = (request: () => InjectOptions) => sameKeyTwice(t, request);

describe('one key, one write', () => {
  it('POST /api/ticket with an attachment opens one ticket', async () => {
    const body = form([
      ...fields({ category_id: ids.categoryId, subcategory_id: ids.subcategoryId, subject: 'Duplo', description: 'x' }),
      { name: 'attachments[]', filename: 'nota.pdf', type: 'application/pdf', data: PDF },
    ]);
    await twice(() => ({
      method: 'POST',
      url: '/api/ticket',
      headers: { ...bearer(c.token), ...body.headers },
      payload: body.payload,
    }));
    expect(await t.database.db.select().from(tickets).where(eq(tickets.userId, c.id))).toHaveLength(1);
  });

  it("POST /api/ticket/visitor opens one ticket (the code's proof is spent once)", async () => {
    const email = `visitante.${randomUUID().slice(0, 8)}@exemplo.com.br`;
    const ip = '10.88.0.1';
    await t.app.inject({
      method: 'POST',
      url: '/api/ticket/send-verification-code',
      remoteAddress: ip,
      payload: { email },
    });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/ticket/verify-code',
      remoteAddress: ip,
      payload: { email, code: await latestCode(t.database, email) },
    });
    const body = form(
      fields({
        email,
        category_id: ids.categoryId,
        subcategory_id: ids.subcategoryId,
        subject: 'Duplo',
        description: 'x',
        verification_token: verified.json().verification_token,
      }),
    );
    await twice(() => ({
      method: 'POST',
      url: '/api/ticket/visitor',
      remoteAddress: ip,
      headers: body.headers,
      payload: body.payload,
    }));
    expect(await t.database.db.select().from(tickets).where(eq(tickets.email, email))).toHaveLength(1);
  });

  it('POST /api/banking-information saves one entry', async () => {
    const before = await t.database.db.select().from(bankingInformation).where(eq(bankingInformation.userId, c.id));
    await twice(() => ({
      method: 'POST',
      url: '/api/banking-information',
      headers: bearer(c.token),
      payload: { type: 'pix', key_type: 'email', key: c.email },
    }));
    const after = await t.database.db.select().from(bankingInformation).where(eq(bankingInformation.userId, c.id));
    expect(after.length - before.length).toBe(1);
  });

  it('POST /api/trading-limit-increase sends one request', async () => {
    const body = form([
      ...fields({
        new_limit: '200000',
        net_worth: '900000',
        monthly_income: '30000',
        profession: 'Médica',
        company_name: 'Clínica',
        company_cnpj: '11222333000181',
      }),
      { name: 'documents[]', filename: 'ir.pdf', type: 'application/pdf', data: PDF },
    ]);
    await twice(() => ({
      method: 'POST',
      url: '/api/trading-limit-increase',
      headers: { ...bearer(c.token), ...body.headers },
      payload: body.payload,
    }));
    expect(
      await t.database.db.select().from(tradingLimitRequests).where(eq(tradingLimitRequests.userId, c.id)),
    ).toHaveLength(1);
  });

  it('DELETE /api/admin/market/house-orders/{id} cancels once', async () => {
    const operator = await staffMember(t, ['finance'], 'Olga Operadora');
    const as = bearer(operator.token);
    const funded = await t.app.inject({
      method: 'POST',
      url: '/api/admin/market/house-funding',
      headers: as,
      payload: { currency: 'AG', amount: 10 },
    });
    expect(funded.statusCode, funded.body).toBe(200);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/market/house-orders',
      headers: as,
      payload: { type: 'sell', price_per_gram: 99.5, quantity_grams: 1 },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    await twice(() => ({
      method: 'DELETE',
      url: `/api/admin/market/house-orders/${placed.json().order.id}`,
      headers: as,
    }));
  });
});
