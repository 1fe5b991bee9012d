import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { parseBrCode } from '@/adapters/payments/index';
import { deposits, paymentEvents } from '@/db/schema/index';
import { getBalances } from '@/ledger/index';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  completeIndividual,
  createCustomer,
  multipart,
  staffMember,
  type Customer,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
let finance: Customer;
beforeAll(async () => {
  t = await buildTestApp({ config: { demo: true } });
  finance = await staffMember(t, ['finance']);
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 32)]);

async function pix(c: Customer, amount: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/deposit/pix',
    headers: { ...bearer(c.token), ...headers },
    payload: { amount },
  });
}

/** What Asaas sends when the payer's bank pays: the embedded provider builds it, the real webhook route takes it. */
async function payByBank(paymentId: string, amountCents: number) {
  const delivery = t.adapters.payments.simulatePayment!({ paymentId, reference: 'x', amountCents });
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/payments',
    headers: delivery.headers,
    payload: delivery.body as object,
  });
}

const balance = async (c: Customer) => (await getBalances(t.database.db, c.id)).BRL;

describe('who may move money', () => {
  it('an incomplete registration gets 403 REGISTRATION_INCOMPLETE; one under review gets 403 saying so', async () => {
    const fresh = await createCustomer(t);
    const early = await t.app.inject({ method: 'GET', url: '/api/deposit', headers: bearer(fresh.token) });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'REGISTRATION_INCOMPLETE', message: MESSAGES.registrationIncomplete });

    await completeIndividual(t, fresh);
    const waiting = await pix(fresh, '100,00');
    expect(waiting.statusCode).toBe(403);
    expect(waiting.json()).toMatchObject({
      code: 'REGISTRATION_UNDER_REVIEW',
      message: MESSAGES.registrationUnderReview,
    });
    const withdraw = await t.app.inject({ method: 'GET', url: '/api/withdrawal', headers: bearer(fresh.token) });
    expect(withdraw.json().code).toBe('REGISTRATION_UNDER_REVIEW');
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, fresh.id))).toEqual([]);
  });
});

describe('Pix deposits', () => {
  it('refuses a missing, zero, malformed or R$ 4,99 amount with the spec messages, and creates nothing', async () => {
    const c = await approvedCustomer(t);
    const cases: Array<[unknown, string]> = [
      [undefined, MESSAGES.depositAmountRequired],
      ['', MESSAGES.depositAmountRequired],
      ['0,00', MESSAGES.depositAmountRequired],
      ['4,99', MESSAGES.depositMinimum],
      [4.99, MESSAGES.depositMinimum],
      ['abc', MESSAGES.amountInvalid],
      ['-10', MESSAGES.amountInvalid],
      ['5,001', MESSAGES.amountInvalid],
    ];
    for (const [amount, message] of cases) {
      const r = await pix(c, amount);
      expect(r.statusCode, String(amount)).toBe(422);
      expect(r.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { amount: [message] } });
    }
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, c.id))).toEqual([]);
  });

  it('R$ 5,00 makes a real BR Code for that amount, a QR PNG and an asaas-shaped payment id', async () => {
    const c = await approvedCustomer(t);
    const r = await pix(c, '5,00');
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body.deposit).toMatchObject({ amount: 5, status: 'pending', method: 'pix', has_receipt: false });
    expect(body.deposit.asaas_payment_id).toMatch(/^pay_[a-z0-9]{16}$/);
    const parsed = parseBrCode(body.pixCopiaECola);
    expect(parsed.ok).toBe(true);
    expect(body.pixCopiaECola).toContain('br.gov.bcb.pix');
    expect(body.pixCopiaECola).toContain('54045.00');
    expect(Buffer.from(body.pixQrCode, 'base64').subarray(0, 4).toString('latin1')).toBe('\x89PNG');

    const overview = (await t.app.inject({ method: 'GET', url: '/api/deposit', headers: bearer(c.token) })).json();
    expect(overview.currentBalance).toBe(0);
    expect(overview.pendingDeposits.map((d: { id: number }) => d.id)).toEqual([body.deposit.id]);
    expect(overview.receivingAccount).toMatchObject({
      bank_code: '461',
      branch: '0001',
      account_type: 'Conta de pagamento',
    });
    expect(overview.minimumPixDeposit).toBe(5);

    const qr = await t.app.inject({
      method: 'GET',
      url: `/api/deposit/${body.deposit.id}/qrcode`,
      headers: bearer(c.token),
    });
    expect(qr.json()).toEqual({ pixQrCode: body.pixQrCode, pixCopiaECola: body.pixCopiaECola });
    // two deposits never share a code
    const other = (await pix(c, '5,00')).json();
    expect(other.pixCopiaECola).not.toBe(body.pixCopiaECola);
  });

  it('a payment arrives by webhook and credits the balance; the same delivery 100 times credits once', async () => {
    const c = await approvedCustomer(t);
    const { deposit } = (await pix(c, '100,00')).json();
    const delivery = t.adapters.payments.simulatePayment!({
      paymentId: deposit.asaas_payment_id,
      reference: 'x',
      amountCents: 10000,
    });
    const outcomes: string[] = [];
    for (let i = 0; i < 100; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/payments',
        headers: delivery.headers,
        payload: delivery.body as object,
      });
      expect(r.statusCode).toBe(200);
      outcomes.push(r.json().outcome);
    }
    expect(outcomes[0]).toBe('credited');
    expect(new Set(outcomes.slice(1))).toEqual(new Set(['duplicate']));
    // another event for the same payment (Asaas sends PAYMENT_RECEIVED again with a new id): still once
    expect((await payByBank(deposit.asaas_payment_id, 10000)).json().outcome).toBe('duplicate');
    expect(await balance(c)).toEqual({ available: 10000, held: 0 });

    const overview = (await t.app.inject({ method: 'GET', url: '/api/deposit', headers: bearer(c.token) })).json();
    expect(overview.currentBalance).toBe(100);
    expect(overview.pendingDeposits).toEqual([]);
    const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) })).json();
    expect(me.user.balance_brl).toBe(100);
    const history = (await t.app.inject({ method: 'GET', url: '/api/deposits', headers: bearer(c.token) })).json();
    expect(history.deposits.data[0]).toMatchObject({ id: deposit.id, status: 'approved', amount: 100 });
    expect(history.deposits.data[0].credited_at).not.toBeNull();
  });

  it('refuses webhooks without the token (401) or unreadable (400), and changes nothing', async () => {
    const c = await approvedCustomer(t);
    const { deposit } = (await pix(c, '50,00')).json();
    const delivery = t.adapters.payments.simulatePayment!({
      paymentId: deposit.asaas_payment_id,
      reference: 'x',
      amountCents: 5000,
    });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      headers: { 'asaas-access-token': 'not-the-token' },
      payload: delivery.body as object,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('WEBHOOK_UNAUTHORIZED');
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      payload: delivery.body as object,
    });
    expect(none.statusCode).toBe(401);
    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      headers: delivery.headers,
      payload: { hello: 'world' },
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().code).toBe('WEBHOOK_MALFORMED');
    expect(await balance(c)).toEqual({ available: 0, held: 0 });
  });

  it('a payment of another amount than the charge is held for operators, not credited', async () => {
    const c = await approvedCustomer(t);
    const { deposit } = (await pix(c, '50,00')).json();
    expect((await payByBank(deposit.asaas_payment_id, 4999)).json().outcome).toBe('held');
    expect((await payByBank('pay_unknown00000000', 4999)).json().outcome).toBe('unknown_payment');
    expect(await balance(c)).toEqual({ available: 0, held: 0 });
    const events = await t.database.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.paymentId, deposit.asaas_payment_id));
    expect(events.map((e) => e.outcome)).toEqual(['held']);
  });

  it('a cancelled Pix deposit leaves the list and is never credited afterwards: a late payment is held', async () => {
    const c = await approvedCustomer(t);
    const { deposit } = (await pix(c, '30,00')).json();
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/deposit/${deposit.id}`,
      headers: bearer(c.token),
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toEqual({ deposit: { id: deposit.id }, message: MESSAGES.depositCancelled });
    const overview = (await t.app.inject({ method: 'GET', url: '/api/deposit', headers: bearer(c.token) })).json();
    expect(overview.pendingDeposits).toEqual([]);

    expect((await payByBank(deposit.asaas_payment_id, 3000)).json().outcome).toBe('held');
    expect(await balance(c)).toEqual({ available: 0, held: 0 });
    const again = await t.app.inject({ method: 'DELETE', url: `/api/deposit/${deposit.id}`, headers: bearer(c.token) });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('DEPOSIT_NOT_CANCELLABLE');
    const third = (await pix(c, '30,00')).json().deposit;
    await t.app.inject({ method: 'DELETE', url: `/api/deposit/${third.id}`, headers: bearer(c.token) });
    const twice = await t.app.inject({ method: 'DELETE', url: `/api/deposit/${third.id}`, headers: bearer(c.token) });
    expect(twice.json()).toMatchObject({ code: 'DEPOSIT_NOT_CANCELLABLE', message: MESSAGES.depositNotCancellable });

    // a paid one cannot be cancelled either
    const paid = (await pix(c, '30,00')).json().deposit;
    await payByBank(paid.asaas_payment_id, 3000);
    const late = await t.app.inject({ method: 'DELETE', url: `/api/deposit/${paid.id}`, headers: bearer(c.token) });
    expect(late.json()).toMatchObject({ code: 'DEPOSIT_NOT_CANCELLABLE', message: MESSAGES.depositAlreadyPaid });
  });

  it("another customer's deposit answers 404 to every call", async () => {
    const owner = await approvedCustomer(t);
    const stranger = await approvedCustomer(t);
    const { deposit } = (await pix(owner, '10,00')).json();
    for (const [method, url] of [
      ['GET', `/api/deposit/${deposit.id}/qrcode`],
      ['GET', `/api/deposit/${deposit.id}/receipt`],
      ['DELETE', `/api/deposit/${deposit.id}`],
    ] as const) {
      const r = await t.app.inject({ method, url, headers: bearer(stranger.token) });
      expect(r.statusCode, url).toBe(404);
      expect(r.json().code).toBe('NOT_FOUND');
    }
    const mine = await t.app.inject({ method: 'GET', url: `/api/deposits`, headers: bearer(stranger.token) });
    expect(mine.json().deposits.total).toBe(0);
  });

  it('the same Idempotency-Key creates one deposit; another body with it is refused', async () => {
    const c = await approvedCustomer(t);
    const key = { 'idempotency-key': `pix-${c.id}-1` };
    const first = await pix(c, '12,34', key);
    const second = await pix(c, '12,34', key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().deposit.id).toBe(first.json().deposit.id);
    const other = await pix(c, '99,00', key);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, c.id))).toHaveLength(1);
  });

  it('at most MAX_PENDING_PIX_DEPOSITS unpaid charges at once', async () => {
    const c = await approvedCustomer(t);
    for (let i = 0; i < t.config.money.maxPendingPixDeposits; i++) expect((await pix(c, '5,00')).statusCode).toBe(201);
    const over = await pix(c, '5,00');
    expect(over.statusCode).toBe(422);
    expect(over.json()).toMatchObject({
      code: 'PENDING_DEPOSITS_LIMIT',
      message: MESSAGES.pendingDepositsLimit(t.config.money.maxPendingPixDeposits),
    });
  });

  it('a provider that does not answer is a 503 with a clear message, and no deposit', async () => {
    const down = await buildTestApp({
      database: t.database,
      adapters: {
        payments: {
          ...t.adapters.payments,
          name: 'asaas',
          createPixCharge: async () => {
            throw new Error('connect ECONNREFUSED api.asaas.com');
          },
        },
      },
    });
    const c = await approvedCustomer(down);
    const r = await down.app.inject({
      method: 'POST',
      url: '/api/deposit/pix',
      headers: bearer(c.token),
      payload: { amount: '20,00' },
    });
    expect(r.statusCode).toBe(503);
    expect(r.json()).toEqual({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: MESSAGES.paymentProviderUnavailable });
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, c.id))).toEqual([]);
  });
});

describe('the embedded payer (development and demo only)', () => {
  it('POST /api/dev/payments/{id}/receive pays through the webhook handler; GET lists pending charges', async () => {
    const c = await approvedCustomer(t);
    const { deposit } = (await pix(c, '7,00')).json();
    const list = (await t.app.inject({ method: 'GET', url: '/api/dev/payments' })).json();
    expect(list.payments.map((p: { deposit_id: number }) => p.deposit_id)).toContain(deposit.id);
    const r = await t.app.inject({ method: 'POST', url: `/api/dev/payments/${deposit.asaas_payment_id}/receive` });
    expect(r.json()).toMatchObject({ outcome: 'credited', deposit_id: deposit.id });
    expect(await balance(c)).toEqual({ available: 700, held: 0 });
    const unknown = await t.app.inject({ method: 'POST', url: '/api/dev/payments/pay_doesnotexist00/receive' });
    expect(unknown.statusCode).toBe(404);
  });

  it('does not exist outside development and demo mode', async () => {
    const plain = await buildTestApp({ database: t.database, config: { demo: false, devMailbox: false } });
    expect((await plain.app.inject({ method: 'GET', url: '/api/dev/payments' })).statusCode).toBe(404);
    expect(
      (await plain.app.inject({ method: 'POST', url: '/api/dev/payments/pay_abcdefabcdefabcd/receive' })).statusCode,
    ).toBe(404);
  });

  it('an operator can pay a pending Pix deposit from the back office (embedded provider only), audited', async () => {
    const c = await approvedCustomer(t);
    const { deposit } = (await pix(c, '8,00')).json();
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/deposits?method=pix', headers: bearer(finance.token) })
    ).json();
    expect(list.can_simulate_payments).toBe(true);
    expect(list.data.map((d: { id: number }) => d.id)).toContain(deposit.id);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${deposit.id}/receive-payment`,
      headers: bearer(finance.token),
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().deposit).toMatchObject({ id: deposit.id, status: 'approved', customer: { id: c.id } });
    expect(await balance(c)).toEqual({ available: 800, held: 0 });
  });
});

describe('TED deposits', () => {
  async function ted(
    c: Customer,
    fields: Record<string, string>,
    file?: { filename: string; type: string; data: Buffer },
  ) {
    const body = multipart(fields, file ? { receipt: file } : {});
    return t.app.inject({
      method: 'POST',
      url: '/api/deposit/ted',
      headers: { ...bearer(c.token), ...body.headers },
      payload: body.payload,
    });
  }

  it('needs an amount and a receipt that really is a PDF or an image', async () => {
    const c = await approvedCustomer(t);
    const noAmount = await ted(c, {}, { filename: 'c.pdf', type: 'application/pdf', data: PDF });
    expect(noAmount.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { amount: [MESSAGES.tedAmountRequired] },
    });
    const noFile = await ted(c, { amount: '100,00' });
    expect(noFile.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { receipt: [MESSAGES.receiptRequired] } });
    const fake = await ted(
      c,
      { amount: '100,00' },
      { filename: 'c.pdf', type: 'application/pdf', data: Buffer.from('MZ not a pdf at all') },
    );
    expect(fake.statusCode).toBe(422);
    expect(fake.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    const big = await ted(
      c,
      { amount: '100,00' },
      { filename: 'c.pdf', type: 'application/pdf', data: Buffer.concat([PDF, Buffer.alloc(5_242_880)]) },
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'FILE_TOO_LARGE', message: MESSAGES.fileTooLarge });
    expect(await t.database.db.select().from(deposits).where(eq(deposits.userId, c.id))).toEqual([]);
  });

  it('an operator reads the receipt and approves (credited once) or rejects with the reason the customer reads', async () => {
    const c = await approvedCustomer(t);
    const sent = await ted(
      c,
      { amount: '1.234,56' },
      { filename: 'comprovante.pdf', type: 'application/pdf', data: PDF },
    );
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({
      message: MESSAGES.tedDepositSent,
      deposit: { amount: 1234.56, method: 'ted', status: 'pending', asaas_payment_id: null, has_receipt: true },
    });
    const id = sent.json().deposit.id;
    const own = await t.app.inject({ method: 'GET', url: `/api/deposit/${id}/receipt`, headers: bearer(c.token) });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);
    expect(own.headers['content-disposition']).toContain('attachment');
    // a TED cannot be cancelled by the customer, nor paid by a Pix webhook
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/deposit/${id}`, headers: bearer(c.token) });
    expect(cancel.json().code).toBe('DEPOSIT_NOT_CANCELLABLE');

    const customerTries = await t.app.inject({ method: 'GET', url: '/api/admin/deposits', headers: bearer(c.token) });
    expect(customerTries.statusCode).toBe(403);
    const ops = bearer(finance.token);
    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/deposits?method=ted', headers: ops })).json();
    expect(queue.data.find((d: { id: number }) => d.id === id)).toMatchObject({
      receipt_name: 'comprovante.pdf',
      customer: { id: c.id },
    });
    const receipt = await t.app.inject({ method: 'GET', url: `/api/admin/deposits/${id}/receipt`, headers: ops });
    expect(receipt.rawPayload.equals(PDF)).toBe(true);

    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${id}/review`,
      headers: ops,
      payload: { decision: 'approve' },
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ message: MESSAGES.depositApproved, deposit: { status: 'approved' } });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${id}/review`,
      headers: ops,
      payload: { decision: 'approve' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_DECIDED');
    expect(await balance(c)).toEqual({ available: 123456, held: 0 });

    const second = (
      await ted(
        c,
        { amount: '50,00' },
        {
          filename: 'c.png',
          type: 'image/png',
          data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]),
        },
      )
    ).json().deposit;
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${second.id}/review`,
      headers: ops,
      payload: { decision: 'reject' },
    });
    expect(noReason.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { reason: [MESSAGES.reasonRequired] } });
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${second.id}/review`,
      headers: ops,
      payload: { decision: 'reject', reason: 'Transferência não localizada na conta.' },
    });
    expect(reject.json().deposit).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Transferência não localizada na conta.',
    });
    expect(await balance(c)).toEqual({ available: 123456, held: 0 });
    const history = (await t.app.inject({ method: 'GET', url: '/api/deposits', headers: bearer(c.token) })).json();
    expect(history.deposits.data.map((d: { status: string }) => d.status)).toEqual(['rejected', 'approved']);

    const statement = (
      await t.app.inject({ method: 'GET', url: `/api/admin/customers/${c.id}/statement`, headers: ops })
    ).json();
    expect(statement.balances.BRL).toEqual({ available: 1234.56, held: 0 });
    expect(statement.data).toEqual([
      expect.objectContaining({
        transfer_id: `deposit:${id}`,
        amount: 1234.56,
        currency: 'BRL',
        bucket: 'available',
        counterpart: 'ted:clearing',
        code: 'deposit.ted',
      }),
    ]);
  });

  it('a Pix deposit is not approved by hand', async () => {
    const c = await approvedCustomer(t);
    const { deposit } = (await pix(c, '9,00')).json();
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/admin/deposits/${deposit.id}/review`,
      headers: bearer(finance.token),
      payload: { decision: 'approve' },
    });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({ code: 'NOT_READY_FOR_APPROVAL', message: MESSAGES.depositPixOnlyByPayment });
    const [row] = await t.database.db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect(row!.status).toBe('pending');
  });
});
