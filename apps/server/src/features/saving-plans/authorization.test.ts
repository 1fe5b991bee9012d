import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { approvedCustomer, bearer, buildTestApp, type TestApp } from '../../../test/helpers';
import { WEBHOOK_TOKEN_HEADER } from '@/adapters/payments/webhook';

/** Pix Automático's authorisation events (docs.asaas.com "Eventos para Pix Automático") reaching the saving plans. */

let t: TestApp;
let token: string;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp();
  // the embedded provider's simulated deliveries carry the configured token
  token = String(t.adapters.payments.simulateAuthorizationCancelled!('x').headers[WEBHOOK_TOKEN_HEADER]);
});

async function pixPlan(customer: { token: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/saving-plans',
    headers: bearer(customer.token),
    payload: { amount: 25, frequency: 'monthly', month_day: 10, payment_method: 'pix_automatico' },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().plan.id as number;
  const found = await t.database.db.execute(sql`select authorization_id from saving_plans where id = ${id}`);
  const authorizationId = (found as unknown as { rows: Array<{ authorization_id: string }> }).rows[0]!.authorization_id;
  return { id, authorizationId };
}

function deliver(body: Record<string, unknown>, headerToken = token) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/payments',
    headers: { [WEBHOOK_TOKEN_HEADER]: headerToken },
    payload: { id: `evt_pixauto${++seq}`, ...body },
  });
}

const authorizationEvent = (event: string, authorizationId: string) => ({
  event: `PIX_AUTOMATIC_RECURRING_AUTHORIZATION_${event}`,
  authorization: { id: authorizationId, status: event, customerId: 'cus_000000000001' },
});

async function planOf(customer: { token: string }) {
  const res = await t.app.inject({ method: 'GET', url: '/api/saving-plans', headers: bearer(customer.token) });
  return res.json().plans[0] as {
    status: string;
    end_reason: string | null;
    runs: Array<{ status: string; reason: string | null }>;
  };
}

async function mailsTo(email: string) {
  const found = await t.database.db.execute(
    sql`select subject, text_body from outbox_messages where recipient = ${email.toLowerCase()}
        and subject = 'Sua poupança automática foi encerrada'`,
  );
  return (found as unknown as { rows: Array<{ subject: string; text_body: string }> }).rows;
}

describe('Pix Automático authorisation events', () => {
  it('ACTIVATED activates an awaiting plan once; a replay changes nothing', async () => {
    const c = await approvedCustomer(t);
    const plan = await pixPlan(c);
    const body = authorizationEvent('ACTIVATED', plan.authorizationId);
    const first = await deliver(body);
    expect([first.statusCode, first.json().outcome]).toEqual([200, 'plan_activated']);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      headers: { [WEBHOOK_TOKEN_HEADER]: token },
      payload: { id: `evt_pixauto${seq}`, ...body },
    });
    expect([again.statusCode, again.json().outcome]).toEqual([200, 'duplicate']);
    expect((await planOf(c)).status).toBe('active');
    // another event of the same kind for an active plan leaves it as it is
    expect((await deliver(body)).json().outcome).toBe('plan_unchanged');
  });

  for (const [event, reason] of [
    ['CANCELLED', MESSAGES.savingAuthorizationCancelled],
    ['EXPIRED', MESSAGES.savingAuthorizationExpired],
    ['REFUSED', MESSAGES.savingAuthorizationRefused],
  ] as const) {
    it(`${event} ends the plan with its reason and one e-mail; a replay is a duplicate`, async () => {
      const c = await approvedCustomer(t);
      const plan = await pixPlan(c);
      await deliver(authorizationEvent('ACTIVATED', plan.authorizationId));
      const id = `evt_pixauto_end${++seq}`;
      const body = { id, ...authorizationEvent(event, plan.authorizationId) };
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/webhooks/payments',
          headers: { [WEBHOOK_TOKEN_HEADER]: token },
          payload: body,
        });
      expect((await send()).json().outcome).toBe('plan_ended');
      expect((await send()).json().outcome).toBe('duplicate');
      const shown = await planOf(c);
      expect([shown.status, shown.end_reason]).toEqual(['cancelled', reason]);
      // the first run, still waiting for its Pix, buys nothing
      expect(shown.runs[0]).toMatchObject({ status: 'nothing', reason });
      const mails = await mailsTo(c.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text_body).toContain(reason);
      // the customer can no longer pause or resume it
      const move = await t.app.inject({
        method: 'POST',
        url: `/api/saving-plans/${plan.id}/resume`,
        headers: bearer(c.token),
        payload: {},
      });
      expect(move.statusCode).toBe(409);
    });
  }

  it('a refused payment instruction makes its run buy nothing, with the reason; once', async () => {
    const c = await approvedCustomer(t);
    const plan = await pixPlan(c);
    const body = {
      id: `evt_pixauto_instr${++seq}`,
      event: 'PIX_AUTOMATIC_RECURRING_PAYMENT_INSTRUCTION_REFUSED',
      paymentInstruction: { id: 'ins_1', authorizationId: plan.authorizationId, refusalReason: 'saldo insuficiente' },
    };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/payments',
        headers: { [WEBHOOK_TOKEN_HEADER]: token },
        payload: body,
      });
    expect((await send()).json().outcome).toBe('run_refused');
    expect((await send()).json().outcome).toBe('duplicate');
    const shown = await planOf(c);
    expect(shown.runs[0]).toMatchObject({
      status: 'nothing',
      reason: MESSAGES.savingRunDebitRefused('saldo insuficiente'),
    });
  });

  it('an unknown authorisation is ignored and answered 200; a wrong token is 401 and changes nothing', async () => {
    const unknown = await deliver(authorizationEvent('CANCELLED', '00000000-0000-4000-8000-000000000000'));
    expect([unknown.statusCode, unknown.json().outcome]).toEqual([200, 'unknown_authorization']);
    const c = await approvedCustomer(t);
    const plan = await pixPlan(c);
    const wrong = await deliver(authorizationEvent('CANCELLED', plan.authorizationId), 'not-the-token');
    expect(wrong.statusCode).toBe(401);
    expect((await planOf(c)).status).toBe('awaiting_authorization');
    // the event with no authorisation is malformed
    const malformed = await deliver({ event: 'PIX_AUTOMATIC_RECURRING_AUTHORIZATION_CANCELLED' });
    expect(malformed.statusCode).toBe(400);
  });

  it('the embedded payer cancels in their bank (test clock only): the plan ends with the reason', async () => {
    const c = await approvedCustomer(t);
    const plan = await pixPlan(c);
    const off = await t.app.inject({ method: 'POST', url: `/api/dev/saving-plans/${plan.id}/revoke` });
    expect(off.statusCode).toBe(404);
    const on = await buildTestApp({ database: t.database, config: { testClock: true } });
    const res = await on.app.inject({ method: 'POST', url: `/api/dev/saving-plans/${plan.id}/revoke` });
    expect([res.statusCode, res.json().outcome]).toEqual([200, 'plan_ended']);
    const shown = await planOf(c);
    expect([shown.status, shown.end_reason]).toEqual(['cancelled', MESSAGES.savingAuthorizationCancelled]);
  });
});
