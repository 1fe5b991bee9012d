import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { depositLimitRefusal, MESSAGES } from '@prata/domain';
import { loadConfig, type MoneySettings } from '@/config';
import { auditLog, deposits, paymentEvents, users } from '@/db/schema/index';
import { balanceOf, getBalances } from '@/ledger/index';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  type Customer,
  multipart,
  onPostgres,
  staffMember,
  type TestApp,
} from '../../../test/helpers';
import type { Executor } from '@/db/client';
import { type MoneyIn, moneyInFacts, refusalMessage, writeMoneyInSettings } from './deposit-limits';

/**
 * Money in: limits before the charge, payments that do not match their charge held for an operator,
 * charges that expire, form data on POST /api/deposit/pix, one charge per Idempotency-Key.
 */

let t: TestApp;
let finance: Customer;
const charges: string[] = [];
const refunds: Array<[string, number | undefined]> = [];

// The default limits: R$ 10.000,00 per deposit, R$ 50.000,00 per 30 days (the default annual trading limit too); no
// night limit (its rule is tested on the pure function below, with the hour given).
beforeAll(async () => {
  const money = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' } as NodeJS.ProcessEnv).money;
  t = await buildTestApp({
    config: {
      demo: true,
      money: {
        ...money,
        maxPendingPixDeposits: 20,
        depositLimits: {
          perDepositCents: 1_000_000,
          perPeriodCents: 5_000_000,
          periodDays: 30,
          nightPerDepositCents: null,
        },
      },
    },
  });
  // the app's own provider, counted: every charge it makes, every refund it asks for
  const payments = t.adapters.payments;
  const createPixCharge = payments.createPixCharge.bind(payments);
  payments.createPixCharge = async (input) => {
    const charge = await createPixCharge(input);
    charges.push(charge.paymentId);
    return charge;
  };
  payments.refundCharge = async (paymentId, amountCents) => {
    refunds.push([paymentId, amountCents]);
  };
  finance = await staffMember(t, ['finance']);
});

const pix = (c: Customer, amount: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/deposit/pix',
    headers: { ...bearer(c.token), ...headers },
    payload: { amount },
  });

async function payByBank(paymentId: string, amountCents: number) {
  const delivery = t.adapters.payments.simulatePayment!({ paymentId, reference: 'x', amountCents });
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/payments',
    headers: delivery.headers,
    payload: delivery.body as object,
  });
  return r.json().outcome as string;
}

const balance = async (c: Customer) => (await getBalances(t.database.db, c.id)).BRL;
const suspense = () => balanceOf(t.database.db, { system: 'deposit:suspense' }, 'BRL');
const rowsOf = (c: Customer) => t.database.db.select().from(deposits).where(eq(deposits.userId, c.id));
const overview = async (c: Customer) =>
  (await t.app.inject({ method: 'GET', url: '/api/deposit', headers: bearer(c.token) })).json();

describe('deposit limits', () => {
  it('the screen gets the limits and what is left before anything is typed', async () => {
    const c = await approvedCustomer(t);
    expect((await overview(c)).depositLimits).toEqual({
      maxNow: 10000,
      perDeposit: 10000,
      nightPerDeposit: null,
      perPeriod: 50000,
      periodDays: 30,
      periodLeft: 50000,
      tier: 'standard',
    });
  });

  it('above the per-deposit limit: 422 DEPOSIT_LIMIT_EXCEEDED on the amount, no charge, nothing written', async () => {
    const c = await approvedCustomer(t);
    const before = charges.length;
    const r = await pix(c, '10000.01');
    expect(r.statusCode).toBe(422);
    const message = MESSAGES.depositAbovePerDeposit('R$ 10.000,00');
    expect(r.json()).toEqual({
      code: 'DEPOSIT_LIMIT_EXCEEDED',
      message,
      errors: { amount: [message] },
      max_amount: 10000,
    });
    // the report's R$ 9.999.999.999,00
    expect((await pix(c, '9999999999.00')).json().code).toBe('DEPOSIT_LIMIT_EXCEEDED');
    expect(charges.length).toBe(before);
    expect(await rowsOf(c)).toEqual([]);
    expect((await pix(c, '10000.00')).statusCode).toBe(201);
  });

  it('per period: pending and paid deposits count, cancelled ones do not; the message says what is left', async () => {
    const c = await approvedCustomer(t);
    const first = (await pix(c, '10000.00')).json().deposit;
    expect(await payByBank(first.asaas_payment_id, 1_000_000)).toBe('credited');
    for (const amount of ['10000.00', '10000.00', '10000.00']) expect((await pix(c, amount)).statusCode).toBe(201);
    const fifth = (await pix(c, '9000.00')).json().deposit;
    expect((await overview(c)).depositLimits).toMatchObject({ periodLeft: 1000, maxNow: 1000 });
    const before = charges.length;
    const r = await pix(c, '1000.01');
    const message = MESSAGES.depositAbovePeriod('R$ 50.000,00', 30, 'R$ 1.000,00');
    expect(r.json()).toEqual({
      code: 'DEPOSIT_LIMIT_EXCEEDED',
      message,
      errors: { amount: [message] },
      max_amount: 1000,
    });
    expect(charges.length).toBe(before);
    expect(await rowsOf(c)).toHaveLength(5);
    // a cancelled charge gives its room back
    await t.app.inject({ method: 'DELETE', url: `/api/deposit/${fifth.id}`, headers: bearer(c.token) });
    expect((await overview(c)).depositLimits.periodLeft).toBe(10000);
    expect((await pix(c, '9500.00')).statusCode).toBe(201);
    // TED counts against the same period
    const ted = await t.app.inject({
      method: 'POST',
      url: '/api/deposit/ted',
      ...withAuth(
        c,
        multipart({ amount: '600.00' }, { receipt: { filename: 'c.pdf', type: 'application/pdf', data: PDF } }),
      ),
    });
    expect(ted.json()).toMatchObject({
      code: 'DEPOSIT_LIMIT_EXCEEDED',
      message: MESSAGES.depositAbovePeriod('R$ 50.000,00', 30, 'R$ 500,00'),
    });
    expect(await rowsOf(c)).toHaveLength(6);
  });

  it('the higher tier follows the approved annual limit: period = that limit, per deposit in proportion', async () => {
    const c = await approvedCustomer(t);
    await t.database.db.update(users).set({ tradingLimitCents: 20_000_000 }).where(eq(users.id, c.id));
    expect((await overview(c)).depositLimits).toMatchObject({
      perDeposit: 40000,
      perPeriod: 200000,
      periodLeft: 200000,
      tier: 'approved_limit',
    });
    expect((await pix(c, '40000.00')).statusCode).toBe(201);
    expect((await pix(c, '40000.01')).json().message).toBe(MESSAGES.depositAbovePerDeposit('R$ 40.000,00'));
  });

  it('the night limit applies 20h–6h in Brasília to a Pix made now: not to a TED, nor to a scheduled debit', async () => {
    const c = await approvedCustomer(t);
    const limits = {
      perDepositCents: 100_000,
      perPeriodCents: 5_000_000,
      periodDays: 30,
      nightPerDepositCents: 20_000,
    };
    const at = (tx: Executor, iso: string, charge: Partial<MoneyIn> = {}) =>
      moneyInFacts(tx, { userId: c.id, method: 'pix', amountCents: 20_001, ...charge }, new Date(iso));
    await withSettings({ ...t.config.money, depositLimits: limits }, async (tx) => {
      // 20h30 in Brasília
      expect(await at(tx, '2026-03-10T23:30:00Z')).toMatchObject({
        nightPerDepositCents: 20_000,
        maxNowCents: 20_000,
        refusal: 'night',
      });
      expect((await at(tx, '2026-03-10T08:59:00Z')).refusal).toBe('night'); // 5h59
      expect(await at(tx, '2026-03-10T09:00:00Z')).toMatchObject({ nightPerDepositCents: null, refusal: null }); // 6h
      expect((await at(tx, '2026-03-10T22:59:00Z')).refusal).toBeNull(); // 19h59
      expect((await at(tx, '2026-03-10T23:30:00Z', { method: 'ted' })).refusal).toBeNull();
      expect((await at(tx, '2026-03-10T23:30:00Z', { scheduledDebit: true })).refusal).toBeNull();
      expect((await at(tx, '2026-03-10T12:00:00Z', { amountCents: 100_001 })).refusal).toBe('per_deposit');
    });
  });
});

describe('one rule for the screen and the database', () => {
  it("the domain's depositLimitRefusal (the screen's) says what the admission refuses, amount by amount", async () => {
    const c = await approvedCustomer(t);
    // an approved annual limit below the period's: the standard tier
    await t.database.db.update(users).set({ tradingLimitCents: 1_000_000 }).where(eq(users.id, c.id));
    const paid = (await pix(c, '10000.00')).json().deposit;
    await payByBank(paid.asaas_payment_id, 1_000_000);
    expect((await pix(c, '5000.00')).statusCode).toBe(201);
    // R$ 10.000,00 a charge, R$ 1.000,00 at night, R$ 20.000,00 a period: R$ 5.000,00 left
    const limits = {
      perDepositCents: 1_000_000,
      perPeriodCents: 2_000_000,
      periodDays: 30,
      nightPerDepositCents: 100_000,
    };
    await withSettings({ ...t.config.money, depositLimits: limits }, async (tx) => {
      for (const when of ['2026-03-10T23:30:00Z', '2026-03-10T15:00:00Z']) {
        for (const method of ['pix', 'ted'] as const) {
          for (const amountCents of [500, 100_000, 100_001, 500_000, 500_001, 1_000_000, 1_000_001]) {
            const facts = await moneyInFacts(tx, { userId: c.id, method, amountCents }, new Date(when));
            expect(depositLimitRefusal(facts, amountCents, method), `${when} ${method} ${amountCents}`).toBe(
              refusalMessage(facts),
            );
          }
        }
      }
      const facts = await moneyInFacts(tx, { userId: c.id, method: 'ted', amountCents: 500_001 });
      expect(refusalMessage(facts)).toBe(MESSAGES.depositAbovePeriod('R$ 20.000,00', 30, 'R$ 5.000,00'));
    });
  });
});

/** Runs `fn` with other limits in the admission's settings, in a transaction rolled back after it. */
async function withSettings(money: MoneySettings, fn: (tx: Executor) => Promise<void>) {
  const rollback = new Error('rollback');
  await t.database.db
    .transaction(async (tx) => {
      await writeMoneyInSettings(tx, money);
      await fn(tx);
      throw rollback;
    })
    .catch((err) => {
      if (err !== rollback) throw err;
    });
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 32)]);
const withAuth = (c: Customer, form: { payload: Buffer; headers: Record<string, string> }) => ({
  payload: form.payload,
  headers: { ...form.headers, ...(bearer(c.token) as Record<string, string>) },
});

describe.skipIf(!onPostgres)('the period limit under concurrency (PostgreSQL)', () => {
  it('ten R$ 10.000,00 deposits at once against R$ 50.000,00: exactly five are made, the others cancelled', async () => {
    const c = await approvedCustomer(t);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pix(c, '10000.00')));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 422).map((r) => r.json().code)).toEqual(
      Array(5).fill('DEPOSIT_LIMIT_EXCEEDED'),
    );
    expect(await rowsOf(c)).toHaveLength(5);
    expect((await overview(c)).depositLimits.periodLeft).toBe(0);
  });
});

describe('form data on POST /api/deposit/pix (spec: "form data: amount")', () => {
  it('accepts multipart and urlencoded as well as JSON', async () => {
    const c = await approvedCustomer(t);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/deposit/pix',
      ...withAuth(c, multipart({ amount: '25,50' })),
    });
    expect(form.statusCode).toBe(201);
    expect(form.json().deposit).toMatchObject({ amount: 25.5, status: 'pending', method: 'pix' });
    const encoded = await t.app.inject({
      method: 'POST',
      url: '/api/deposit/pix',
      headers: { ...bearer(c.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'amount=30.00',
    });
    expect(encoded.statusCode).toBe(201);
    expect(encoded.json().deposit.amount).toBe(30);
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/deposit/pix',
      headers: { ...bearer(c.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'amount=',
    });
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { amount: [MESSAGES.depositAmountRequired] },
    });
  });

  it('keeps the guards: no session is a 401 before the body; a file or too many fields are refused', async () => {
    const c = await approvedCustomer(t);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/deposit/pix',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'amount=30.00',
    });
    expect(anonymous.statusCode).toBe(401);
    const withFile = await t.app.inject({
      method: 'POST',
      url: '/api/deposit/pix',
      ...withAuth(
        c,
        multipart({ amount: '30.00' }, { receipt: { filename: 'c.pdf', type: 'application/pdf', data: PDF } }),
      ),
    });
    expect(withFile.statusCode).toBe(400);
    const many = await t.app.inject({
      method: 'POST',
      url: '/api/deposit/pix',
      headers: { ...bearer(c.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'amount=30.00&a=1&b=2',
    });
    expect(many.statusCode).toBe(400);
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/deposit/pix',
      headers: { ...bearer(c.token), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `amount=${'1'.repeat(5000)}`,
    });
    expect([400, 413]).toContain(long.statusCode);
    expect(await rowsOf(c)).toEqual([]);
  });
});

describe('one charge per intention', () => {
  it('the same Idempotency-Key twice (a double click) creates one charge and answers the first deposit', async () => {
    const c = await approvedCustomer(t);
    const before = charges.length;
    const key = { 'idempotency-key': 'dbl-click-0123456789abcdef' };
    const [one, two] = [await pix(c, '40,00', key), await pix(c, '40,00', key)];
    expect(one.statusCode).toBe(201);
    expect(two.statusCode).toBe(201);
    expect(two.headers['idempotent-replayed']).toBe('true');
    expect(two.json().deposit.id).toBe(one.json().deposit.id);
    expect(charges.length - before).toBe(1);
    expect(await rowsOf(c)).toHaveLength(1);
  });
});

describe('pending charges: reopen, cancel, expire', () => {
  it('a pending charge reopens with its QR code and expiry, and is cancelled; a stranger gets 404', async () => {
    const owner = await approvedCustomer(t);
    const stranger = await approvedCustomer(t);
    const created = (await pix(owner, '12,00')).json();
    const expires = new Date(created.deposit.expires_at).getTime();
    expect(expires - Date.now()).toBeGreaterThan(25 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const qr = await t.app.inject({
      method: 'GET',
      url: `/api/deposit/${created.deposit.id}/qrcode`,
      headers: bearer(owner.token),
    });
    expect(qr.json().pixCopiaECola).toBe(created.pixCopiaECola);
    for (const [method, url] of [
      ['GET', `/api/deposit/${created.deposit.id}/qrcode`],
      ['DELETE', `/api/deposit/${created.deposit.id}`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: bearer(stranger.token) })).statusCode).toBe(404);
    }
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/deposit/${created.deposit.id}`,
      headers: bearer(owner.token),
    });
    expect(cancel.statusCode).toBe(200);
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/deposits?page=1', headers: bearer(owner.token) })
    ).json();
    expect(history.deposits.data[0]).toMatchObject({ id: created.deposit.id, status: 'cancelled' });
  });

  it('an expired charge reads "expired", leaves the pending list, cannot be reopened or cancelled; its payment is held', async () => {
    const c = await approvedCustomer(t);
    const { deposit } = (await pix(c, '20,00')).json();
    await t.database.db
      .update(deposits)
      .set({ pixExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(deposits.id, deposit.id));
    expect((await overview(c)).pendingDeposits).toEqual([]);
    const queue = async (status: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/deposits?status=${status}&method=pix`,
          headers: bearer(finance.token),
        })
      )
        .json()
        .data.map((d: { id: number; status: string }) => [d.id, d.status]);
    expect(await queue('pending')).not.toContainEqual([deposit.id, 'pending']);
    expect(await queue('expired')).toContainEqual([deposit.id, 'expired']);
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/deposits?page=1', headers: bearer(c.token) })
    ).json();
    expect(history.deposits.data[0]).toMatchObject({ id: deposit.id, status: 'expired' });
    const qr = await t.app.inject({
      method: 'GET',
      url: `/api/deposit/${deposit.id}/qrcode`,
      headers: bearer(c.token),
    });
    expect(qr.statusCode).toBe(409);
    expect(qr.json()).toEqual({ code: 'DEPOSIT_EXPIRED', message: MESSAGES.depositExpired });
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/deposit/${deposit.id}`,
      headers: bearer(c.token),
    });
    expect(cancel.json().code).toBe('DEPOSIT_EXPIRED');
    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row!.status).toBe('expired');

    const held = await suspense();
    expect(await payByBank(deposit.asaas_payment_id, 2000)).toBe('held');
    expect(await balance(c)).toEqual({ available: 0, held: 0 });
    expect((await suspense()) - held).toBe(2000);
    const [after] = await t.database.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(after).toMatchObject({ status: 'held', paidCents: 2000, holdReason: 'late' });
  });
});

describe('a payment that does not match its charge is held for an operator', () => {
  const decide = (id: number, body: object) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${id}/held`,
      headers: bearer(finance.token),
      payload: body,
    });

  it('overpaid: held in deposit:suspense, shown to the customer and in the queue; credit the charge and refund the rest', async () => {
    const c = await approvedCustomer(t);
    const { deposit } = (await pix(c, '100,00')).json();
    const before = await suspense();
    expect(await payByBank(deposit.asaas_payment_id, 15_000)).toBe('held');
    // a redelivery of another event for the same payment changes nothing
    expect(await payByBank(deposit.asaas_payment_id, 15_000)).toBe('duplicate');
    expect(await balance(c)).toEqual({ available: 0, held: 0 });
    expect((await suspense()) - before).toBe(15_000);

    const mine = (await t.app.inject({ method: 'GET', url: '/api/deposits?page=1', headers: bearer(c.token) })).json();
    expect(mine.deposits.data[0]).toMatchObject({
      status: 'held',
      paid_amount: 150,
      hold_reason: 'overpaid',
      amount: 100,
    });
    const queue = (
      await t.app.inject({ method: 'GET', url: '/api/admin/deposits?status=held', headers: bearer(finance.token) })
    ).json();
    expect(queue.data.map((d: { id: number }) => d.id)).toContain(deposit.id);
    // only finance decides
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/deposits/${deposit.id}/held`,
          headers: bearer(c.token),
          payload: { decision: 'credit_paid' },
        })
      ).statusCode,
    ).toBe(403);

    const r = await decide(deposit.id, { decision: 'credit_charged' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ message: MESSAGES.depositHeldDecided, deposit: { status: 'approved' } });
    expect(await balance(c)).toEqual({ available: 10_000, held: 0 });
    expect(await suspense()).toBe(before);
    expect(refunds).toContainEqual([deposit.asaas_payment_id, 5_000]);
    const again = await decide(deposit.id, { decision: 'refund', reason: 'x' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DEPOSIT_NOT_HELD');
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'deposit.held_credit_charged'));
    expect(audit).toHaveLength(1);
  });

  it('credit what was paid (more or less), or refund all of it with a reason the customer reads', async () => {
    const c = await approvedCustomer(t);
    const over = (await pix(c, '10,00')).json().deposit;
    const under = (await pix(c, '50,00')).json().deposit;
    const late = (await pix(c, '30,00')).json().deposit;
    await t.app.inject({ method: 'DELETE', url: `/api/deposit/${late.id}`, headers: bearer(c.token) });
    const before = await suspense();
    expect(await payByBank(over.asaas_payment_id, 1_500)).toBe('held');
    expect(await payByBank(under.asaas_payment_id, 4_000)).toBe('held');
    expect(await payByBank(late.asaas_payment_id, 3_000)).toBe('held');
    expect((await suspense()) - before).toBe(8_500);
    const rows = new Map((await rowsOf(c)).map((r) => [r.id, r]));
    expect(rows.get(under.id)!.holdReason).toBe('underpaid');
    expect(rows.get(late.id)!.holdReason).toBe('late');

    // crediting the charge is only for an overpaid payment
    expect((await decide(under.id, { decision: 'credit_charged' })).statusCode).toBe(422);
    expect((await decide(over.id, { decision: 'credit_paid' })).json().deposit).toMatchObject({ status: 'approved' });
    expect((await decide(under.id, { decision: 'credit_paid' })).statusCode).toBe(200);
    expect((await decide(late.id, { decision: 'refund', reason: '' })).statusCode).toBe(422);
    const refund = await decide(late.id, { decision: 'refund', reason: 'O QR Code já estava cancelado.' });
    expect(refund.json().deposit).toMatchObject({
      status: 'refunded',
      rejection_reason: 'O QR Code já estava cancelado.',
    });
    expect(refunds).toContainEqual([late.asaas_payment_id, undefined]);

    expect(await balance(c)).toEqual({ available: 1_500 + 4_000, held: 0 });
    expect(await suspense()).toBe(before);
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, late.asaas_payment_id));
    expect(events.map((e) => e.outcome)).toEqual(['held']);
  });

  it('a refund the provider refuses writes nothing: the payment stays held', async () => {
    const c = await approvedCustomer(t);
    const { deposit } = (await pix(c, '10,00')).json();
    await payByBank(deposit.asaas_payment_id, 1_200);
    const held = await suspense();
    const failing = t.adapters.payments.refundCharge;
    t.adapters.payments.refundCharge = async () => {
      throw new Error('provider down');
    };
    try {
      const r = await decide(deposit.id, { decision: 'credit_charged' });
      expect(r.statusCode).toBe(503);
      expect(r.json().code).toBe('PAYMENT_PROVIDER_UNAVAILABLE');
    } finally {
      t.adapters.payments.refundCharge = failing;
    }
    expect(await balance(c)).toEqual({ available: 0, held: 0 });
    expect(await suspense()).toBe(held);
    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row!.status).toBe('held');
  });
});
