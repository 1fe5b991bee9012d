import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { bankingInformation, deposits, ledgerTransfers, paymentEvents, users, withdrawals } from '@/db/schema/index';
import { loadConfig } from '@/config';
import { getBalances, post } from '@/ledger/index';
import {
  approvedCustomer,
  buildTestApp,
  onPostgres,
  skippedOnPglite,
  staffMember,
  type Customer,
  type TestApp,
} from '../../../test/helpers';
import { listBanking } from '@/features/profile/index';
import { placeWithdrawal } from './withdrawals';

let t: TestApp;
beforeAll(async () => {
  // the storm keeps 20 charges of each customer pending at once: the database's admission caps them (0032)
  const money = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv).money;
  t = await buildTestApp({ config: { money: { ...money, maxPendingPixDeposits: 20 } } });
});

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const deliver = (d: { headers: Record<string, string>; body: unknown }) =>
  t.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers: d.headers, payload: d.body as object });

describe('webhook storms', () => {
  it('1,000 deliveries for 200 payments, shuffled and duplicated, credit each payment exactly once', async () => {
    const customers: Customer[] = [];
    for (let i = 0; i < 10; i++) customers.push(await approvedCustomer(t));
    const payments = t.adapters.payments;
    const charges: Array<{ depositId: number; userId: number; paymentId: string; amountCents: number }> = [];
    for (let i = 0; i < 200; i++) {
      const customer = customers[i % customers.length]!;
      const amountCents = 500 + randomInt(100_000);
      const charge = await payments.createPixCharge({
        reference: `storm-${i}`,
        amountCents,
        customer: { userId: customer.id, name: 'Cliente', cpfCnpj: '52998224725', email: customer.email },
        description: 'Depósito',
        dueDate: '2026-11-23',
      });
      const [row] = await t.database.db
        .insert(deposits)
        .values({
          userId: customer.id,
          method: 'pix',
          amountCents,
          asaasPaymentId: charge.paymentId,
          externalReference: `storm-${charge.paymentId}`,
          pixCopiaECola: charge.pixCopiaECola,
        })
        .returning();
      charges.push({ depositId: row!.id, userId: customer.id, paymentId: charge.paymentId, amountCents });
    }
    // Per payment: one event delivered three times, and two more events of its own (Asaas re-sends with new ids).
    const deliveries = shuffle(
      charges.flatMap((c) => {
        const event = payments.simulatePayment!({ paymentId: c.paymentId, reference: 'x', amountCents: c.amountCents });
        const fresh = () =>
          payments.simulatePayment!({ paymentId: c.paymentId, reference: 'x', amountCents: c.amountCents });
        return [event, event, event, fresh(), fresh()];
      }),
    );
    expect(deliveries).toHaveLength(1000);
    const outcomes: string[] = [];
    const concurrency = onPostgres ? 25 : 1;
    for (let i = 0; i < deliveries.length; i += concurrency) {
      const answers = await Promise.all(deliveries.slice(i, i + concurrency).map(deliver));
      for (const a of answers) {
        expect(a.statusCode, a.body).toBe(200);
        outcomes.push(a.json().outcome);
      }
    }
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(200);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(800);

    const ids = charges.map((c) => c.depositId);
    const rows = await t.database.db.select().from(deposits).where(inArray(deposits.id, ids));
    expect(rows.every((r) => r.status === 'approved')).toBe(true);
    const credits = await t.database.db
      .select()
      .from(ledgerTransfers)
      .where(
        inArray(
          ledgerTransfers.transferId,
          ids.map((id) => `deposit:${id}`),
        ),
      );
    expect(credits).toHaveLength(200);
    for (const customer of customers) {
      const expected = charges.filter((c) => c.userId === customer.id).reduce((sum, c) => sum + c.amountCents, 0);
      expect((await getBalances(t.database.db, customer.id)).BRL).toEqual({ available: expected, held: 0 });
    }
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(
        inArray(
          paymentEvents.paymentId,
          charges.map((c) => c.paymentId),
        ),
      );
    expect(events).toHaveLength(600); // 200 payments × 3 distinct event ids
  }, 120_000);
});

describe.skipIf(!onPostgres)('withdrawals racing on one balance (PostgreSQL)', () => {
  it('100 concurrent withdrawals of R$ 10,00 on R$ 500,00 never overdraw it; two free ones, the rest pay the fee', async () => {
    const c = await approvedCustomer(t);
    const r = await post(t.database.db, {
      id: `test-fund:race:${c.id}`,
      debit: { system: 'pix:clearing' },
      credit: { customer: c.id, bucket: 'available' },
      currency: 'BRL',
      amount: 50000,
      code: 'deposit.pix',
    });
    expect(r.ok).toBe(true);
    await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: { authorization: `Bearer ${c.token}` },
      payload: { type: 'pix', key_type: 'email', key: c.email },
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, c.id));
    const [entry] = await listBanking(t.database.db, c.id);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () => placeWithdrawal(t.app.deps, user!, entry!, 1000)),
    );
    const placed = results.filter((x) => x.status === 'fulfilled');
    const refused = results.filter((x): x is PromiseRejectedResult => x.status === 'rejected');
    expect(placed).toHaveLength(50);
    expect(new Set(refused.map((x) => (x.reason as { code?: string }).code))).toEqual(
      new Set(['INSUFFICIENT_BALANCE']),
    );
    expect((await getBalances(t.database.db, c.id)).BRL).toEqual({ available: 0, held: 50000 });
    const rows = await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, c.id));
    expect(rows).toHaveLength(50);
    expect(rows.filter((w) => w.feeCents === 0)).toHaveLength(2);
    expect(rows.filter((w) => w.feeCents === 990)).toHaveLength(48);
  });
});

describe.skipIf(!onPostgres)('cancel racing with a payment (PostgreSQL)', () => {
  it('40 rounds: either the payment credits and the cancel is refused, or the cancel wins and nothing is credited', async () => {
    const c = await approvedCustomer(t);
    let credited = 0;
    let cancelled = 0;
    for (let round = 0; round < 40; round++) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/deposit/pix',
        headers: { authorization: `Bearer ${c.token}` },
        payload: { amount: '10,00' },
      });
      const deposit = created.json().deposit as { id: number; asaas_payment_id: string };
      const delivery = t.adapters.payments.simulatePayment!({
        paymentId: deposit.asaas_payment_id,
        reference: 'x',
        amountCents: 1000,
      });
      const [cancel, paid] = await Promise.all([
        t.app.inject({
          method: 'DELETE',
          url: `/api/deposit/${deposit.id}`,
          headers: { authorization: `Bearer ${c.token}` },
        }),
        deliver(delivery),
      ]);
      const outcome = paid.json().outcome;
      if (cancel.statusCode === 200) {
        // paid after the cancel: held in deposit:suspense for an operator, never credited
        expect(outcome).toBe('held');
        cancelled++;
      } else {
        expect(cancel.json().code).toBe('DEPOSIT_NOT_CANCELLABLE');
        expect(outcome).toBe('credited');
        credited++;
      }
    }
    expect(credited + cancelled).toBe(40);
    expect((await getBalances(t.database.db, c.id)).BRL).toEqual({ available: credited * 1000, held: 0 });
  });
});

describe.skipIf(onPostgres)('withdrawals racing on one balance', () => {
  it('runs on PostgreSQL only', () => skippedOnPglite('concurrent withdrawals'));
});

describe('the reconciliation knows deposits and withdrawals', () => {
  it('finds an approved deposit that was never credited and a withdrawal without its hold', async () => {
    const { reconcile } = await import('@/ledger/index');
    const c = await approvedCustomer(t);
    const [d] = await t.database.db
      .insert(deposits)
      .values({
        userId: c.id,
        method: 'ted',
        amountCents: 1000,
        status: 'approved',
        creditedAt: new Date(),
        receiptStorageKey: 'x/0.pdf',
      })
      .returning();
    const [bank] = await t.database.db
      .insert(bankingInformation)
      .values({ userId: c.id, type: 'pix', keyType: 'email', key: c.email })
      .returning();
    const [w] = await t.database.db
      .insert(withdrawals)
      .values({
        userId: c.id,
        bankingInformationId: bank!.id,
        destination: { type: 'pix', key_type: 'email', key: c.email },
        amountCents: 2000,
        feeCents: 0,
        instant: false,
      })
      .returning();
    try {
      const r = await reconcile(t.database.db);
      expect(r.ok).toBe(false);
      expect(r.problems).toContain(`depósito ${d!.id}: aprovado com 1000 centavos, creditado nada`);
      expect(r.problems).toContain(`retirada ${w!.id}: pending de 2000 centavos, reserva ausente (0)`);
    } finally {
      await t.database.db.delete(withdrawals).where(eq(withdrawals.id, w!.id));
      await t.database.db.delete(deposits).where(eq(deposits.id, d!.id));
    }
    expect((await reconcile(t.database.db)).ok).toBe(true);
  });
});

describe('webhooks take any valid JSON', () => {
  const token = () => t.app.deps.config.paymentsWebhookToken;
  /** A JSON text as the provider sends it: escapes such as \u0000 stay escapes in the bytes on the wire. */
  const send = (text: string, headers: Record<string, string> = { 'asaas-access-token': token() }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: text,
    });
  const storedBody = async (eventId: string) =>
    (await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, eventId)))[0]?.body;

  async function pendingPix(amount: string) {
    const c = await approvedCustomer(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/deposit/pix',
      headers: { authorization: `Bearer ${c.token}` },
      payload: { amount },
    });
    expect(created.statusCode, created.body).toBe(201);
    return { c, deposit: created.json().deposit as { id: number; asaas_payment_id: string } };
  }

  it("the embedded provider's signed payment with \\u0000 in a description is credited once, kept as sent", async () => {
    const { c, deposit } = await pendingPix('25,00');
    const delivery = t.adapters.payments.simulatePayment!({
      paymentId: deposit.asaas_payment_id,
      reference: 'x',
      amountCents: 2500,
    });
    const body = delivery.body as { id: string; payment: Record<string, unknown> };
    body.payment.description = 'Depósito\u0000 Prata \ud800 fim';
    const text = JSON.stringify(body, null, 1);
    expect(text).toContain('\\u0000');
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await send(text, delivery.headers);
      expect(r.statusCode, r.body).toBe(200);
      outcomes.push(r.json().outcome);
    }
    expect(outcomes).toEqual(['credited', 'duplicate', 'duplicate']);
    expect((await getBalances(t.database.db, c.id)).BRL).toEqual({ available: 2500, held: 0 });
    expect(await storedBody(body.id)).toBe(text);
  });

  it('a field nested thousands deep, which we do not read, neither breaks nor changes the event', async () => {
    const { c, deposit } = await pendingPix('10,00');
    const delivery = t.adapters.payments.simulatePayment!({
      paymentId: deposit.asaas_payment_id,
      reference: 'x',
      amountCents: 1000,
    });
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const text = `${JSON.stringify(delivery.body).slice(0, -1)},"extra":${deep}}`;
    const r = await send(text, delivery.headers);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().outcome).toBe('credited');
    expect((await getBalances(t.database.db, c.id)).BRL).toEqual({ available: 1000, held: 0 });
  });

  it('NUL or a lone surrogate where we read an id or an event is malformed (400), and nothing is kept', async () => {
    const { c, deposit } = await pendingPix('10,00');
    const payment = { id: deposit.asaas_payment_id, value: 10, externalReference: 'x' };
    const bodies = [
      { id: 'evt_nul\u0000a', event: 'PAYMENT_RECEIVED', payment },
      { id: 'evt_surrogate\ud800', event: 'PAYMENT_RECEIVED', payment },
      { id: 'evt_badpayment1', event: 'PAYMENT_RECEIVED', payment: { ...payment, id: 'pay_\u0000' } },
      { id: 'evt_badevent001', event: 'PAYMENT_\u0000RECEIVED', payment },
    ];
    for (const body of bodies) {
      const r = await send(JSON.stringify(body));
      expect([r.statusCode, r.json().code]).toEqual([400, 'WEBHOOK_MALFORMED']);
    }
    for (const text of ['{"id":', '', '{"__proto__":{"a":1}}', '"texto"', 'null']) {
      const r = await send(text);
      expect([text, r.statusCode, r.json().code]).toEqual([text, 400, 'WEBHOOK_MALFORMED']);
      // without the token, a bad body is never read: 401
      const anonymous = await send(text, {});
      expect([text, anonymous.statusCode]).toEqual([text, 401]);
    }
    expect((await getBalances(t.database.db, c.id)).BRL).toEqual({ available: 0, held: 0 });
    const kept = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, deposit.asaas_payment_id));
    expect(kept).toEqual([]);
  });

  it('a reference with NUL is not ours: the payment is still found by its id and credited', async () => {
    const { c, deposit } = await pendingPix('10,00');
    const body = {
      id: 'evt_refwithnul01',
      event: 'PAYMENT_RECEIVED',
      payment: { id: deposit.asaas_payment_id, value: 10, externalReference: 'deposit:\u0000' },
    };
    const r = await send(JSON.stringify(body));
    expect([r.statusCode, r.json().outcome]).toEqual([200, 'credited']);
    expect((await getBalances(t.database.db, c.id)).BRL).toEqual({ available: 1000, held: 0 });
  });

  it('a failed transfer whose reason holds \\u0000 gives the money back, the reason kept without it', async () => {
    const c = await approvedCustomer(t);
    const funded = await post(t.database.db, {
      id: `test-fund:nul:${c.id}`,
      debit: { system: 'pix:clearing' },
      credit: { customer: c.id, bucket: 'available' },
      currency: 'BRL',
      amount: 5000,
      code: 'deposit.pix',
    });
    expect(funded.ok).toBe(true);
    await t.app.inject({
      method: 'POST',
      url: '/api/banking-information',
      headers: { authorization: `Bearer ${c.token}` },
      payload: { type: 'pix', key_type: 'email', key: c.email },
    });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, c.id));
    const [entry] = await listBanking(t.database.db, c.id);
    const placed = await placeWithdrawal(t.app.deps, user!, entry!, 2000);
    const finance = await staffMember(t, ['finance']);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${placed.withdrawal.id}/review`,
      headers: { authorization: `Bearer ${finance.token}` },
      payload: { decision: 'approve' },
    });
    const transferId = approved.json().withdrawal.payout_id as string;
    const body = {
      id: 'evt_failwithnul1',
      event: 'TRANSFER_FAILED',
      transfer: { id: transferId, status: 'FAILED', failReason: 'Conta\u0000 encerrada' },
    };
    const r = await send(JSON.stringify(body));
    expect([r.statusCode, r.json().outcome]).toEqual([200, 'payout_failed']);
    expect((await getBalances(t.database.db, c.id)).BRL).toEqual({ available: 5000, held: 0 });
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, placed.withdrawal.id));
    expect(row!.rejectionReason).toBe(MESSAGES.withdrawalPayoutFailed('Conta encerrada'));
  });
});
