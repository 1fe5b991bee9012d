import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { auditLog, users } from '@/db/schema/index';
import {
  bearer,
  buildTestApp,
  completeIndividual,
  createCustomer,
  outboxFor,
  type Customer,
  type TestApp,
} from '../../../test/helpers';
import { requireApprovedRegistration } from '@/features/users/index';

let t: TestApp;
let operator: Customer;
beforeAll(async () => {
  // a route that moves money in a later issue; here it proves the approval guard
  t = await buildTestApp({
    routes: (app) =>
      app.get('/api/test/money', { preHandler: requireApprovedRegistration }, async () => ({ ok: true })),
  });
  operator = await createCustomer(t, { name: 'Olga Operadora' });
  await t.database.db
    .update(users)
    .set({ staffRoles: ['compliance'] })
    .where(eq(users.id, operator.id));
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100, 32)]);

describe('customer review in the back office', () => {
  it('an operator finds a customer, reads the data and documents, rejects with a reason, then approves; all audited', async () => {
    const c = await createCustomer(t, { name: 'Renata Revisão' });
    await completeIndividual(t, c);
    const boundary = 'b0undary';
    await t.app.inject({
      method: 'POST',
      url: '/api/documents',
      headers: { ...bearer(c.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="rg.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const ops = bearer(operator.token);

    const denied = await t.app.inject({ method: 'GET', url: '/api/admin/customers', headers: bearer(c.token) });
    expect(denied.statusCode).toBe(403);

    const unfinished = await createCustomer(t, { name: 'Ivo Incompleto' });
    const early = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${unfinished.id}/review`,
      headers: ops,
      payload: { decision: 'approve' },
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('O cadastro ainda está incompleto: não é possível aprová-lo.');
    expect(early.json().code).toBe('NOT_READY_FOR_APPROVAL');

    const money = await t.app.inject({ method: 'GET', url: '/api/test/money', headers: bearer(c.token) });
    expect(money.statusCode).toBe(403);
    expect(money.json().message).toBe(MESSAGES.registrationUnderReview);
    expect(money.json().code).toBe('REGISTRATION_UNDER_REVIEW');

    const found = await t.app.inject({
      method: 'GET',
      url: '/api/admin/customers?q=renata&status=pending',
      headers: ops,
    });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toEqual([
      expect.objectContaining({ id: c.id, name: 'Renata Revisão', status: 'pending' }),
    ]);
    const byEmail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers?q=${encodeURIComponent(c.email)}`,
      headers: ops,
    });
    expect(byEmail.json().total).toBe(1);
    const staffHidden = await t.app.inject({ method: 'GET', url: '/api/admin/customers?q=olga', headers: ops });
    expect(staffHidden.json().total).toBe(0);

    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/customers/${c.id}`, headers: ops });
    expect(detail.json().customer).toMatchObject({ id: c.id, registration_complete: true, status: 'pending' });
    const docId = detail.json().documents[0].id;
    const file = await t.app.inject({ method: 'GET', url: `/api/admin/documents/${docId}`, headers: ops });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['content-disposition']).toContain('attachment');

    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${c.id}/review`,
      headers: ops,
      payload: { decision: 'reject', reason: '' },
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().message).toBe(MESSAGES.reasonRequired);
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${c.id}/review`,
      headers: ops,
      payload: { decision: 'reject', reason: 'Documento ilegível' },
    });
    expect(rejected.json()).toMatchObject({
      message: 'Cadastro recusado.',
      customer: { status: 'rejected', registration_rejection_reason: 'Documento ilegível' },
    });
    const blocked = await t.app.inject({ method: 'GET', url: '/api/test/money', headers: bearer(c.token) });
    expect(blocked.json().message).toBe(MESSAGES.registrationRejected('Documento ilegível'));
    expect(blocked.json().code).toBe('REGISTRATION_REJECTED');
    const seen = (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) })).json().user;
    expect(seen).toMatchObject({
      approved_at: null,
      registration_rejected_at: expect.any(String),
      registration_rejection_reason: 'Documento ilegível',
    });

    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${c.id}/review`,
      headers: ops,
      payload: { decision: 'approve' },
    });
    expect(approved.json().customer).toMatchObject({ status: 'approved', approved_at: expect.any(String) });
    expect((await t.app.inject({ method: 'GET', url: '/api/test/money', headers: bearer(c.token) })).statusCode).toBe(
      200,
    );
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/customers/${c.id}/review`,
      headers: ops,
      payload: { decision: 'approve' },
    });
    expect(twice.statusCode).toBe(409);

    const mails = (await outboxFor(t.database, c.email)).map((m) => m.subject);
    expect(mails).toEqual(expect.arrayContaining(['Seu cadastro foi aprovado', 'Seu cadastro precisa de atenção']));
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.actorUserId, operator.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'customer.registration_approved',
      'customer.registration_rejected',
      'document.viewed',
    ]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/customers/999999', headers: ops })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/customers/${operator.id}`, headers: ops })).statusCode,
    ).toBe(404);
  });

  it('an operator approves one limit increase (at a lower amount) and rejects another; the limit changes', async () => {
    const ops = bearer(operator.token);
    const ids: Array<{ c: Customer; requestId: number }> = [];
    for (const name of ['Lia Limite', 'Rui Recusa']) {
      const c = await createCustomer(t, { name });
      await completeIndividual(t, c);
      const boundary = 'xYz';
      const fields = {
        new_limit: '200000',
        net_worth: '900000',
        monthly_income: '30000',
        profession: 'Médica',
        company_name: 'Clínica',
        company_cnpj: '11222333000181',
      };
      const body = Buffer.concat([
        ...Object.entries(fields).map(([k, v]) =>
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="documents[]"; filename="ir.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        ),
        PDF,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trading-limit-increase',
        headers: { ...bearer(c.token), 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
      expect(res.statusCode).toBe(201);
      ids.push({ c, requestId: res.json().tradingLimitRequest.id });
    }
    const pending = await t.app.inject({ method: 'GET', url: '/api/admin/trading-limit-requests', headers: ops });
    expect(pending.json().data.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining(ids.map((i) => i.requestId)),
    );

    const [lia, rui] = ids as [{ c: Customer; requestId: number }, { c: Customer; requestId: number }];
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trading-limit-requests/${lia.requestId}/review`,
      headers: ops,
      payload: { decision: 'approve', approved_limit: '150000.00' },
    });
    expect(ok.json()).toMatchObject({
      message: 'Limite aprovado.',
      tradingLimitRequest: { status: 'approved', approved_limit: 150000 },
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(lia.c.token) });
    expect(me.json().user.trading_limit).toBe(150000);

    const no = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trading-limit-requests/${rui.requestId}/review`,
      headers: ops,
      payload: { decision: 'reject', reason: 'Renda incompatível' },
    });
    expect(no.json().tradingLimitRequest).toMatchObject({ status: 'rejected', rejection_reason: 'Renda incompatível' });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/trading-limit-requests/${rui.requestId}/review`,
      headers: ops,
      payload: { decision: 'approve' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_DECIDED');
    const ruiMe = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(rui.c.token) });
    expect(ruiMe.json().user.trading_limit).toBe(50000);
    const events = (await t.app.inject({ method: 'GET', url: '/api/event-logs', headers: bearer(lia.c.token) })).json()
      .event_logs.data;
    expect(events[0].description).toBe('Aumento de limite aprovado: novo limite de R$ 150.000,00');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'trading_limit_request'));
    expect(audit.map((a) => a.action).sort()).toEqual(['trading_limit.approved', 'trading_limit.rejected']);
  });
});
