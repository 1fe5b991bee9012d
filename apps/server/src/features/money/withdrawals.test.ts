import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import type { PayoutInput } from '@/adapters/payments/index';
import { users, withdrawals } from '@/db/schema/index';
import { getBalances } from '@/ledger/index';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  fundCustomer,
  latestCode,
  outboxFor,
  staffMember,
  type Customer,
  type TestApp,
} from '../../../test/helpers';
import { listBanking } from '@/features/profile/index';
import { placeWithdrawal } from './withdrawals';

let t: TestApp;
let finance: Customer;
/** What the bank was asked to pay, and what it answers next ('done' unless a test says otherwise). */
const payouts: PayoutInput[] = [];
let nextPayout: 'done' | 'failed' | 'throw' = 'done';
/** The embedded provider's webhook token (of the app whose adapter these tests wrap). */
let webhookToken = '';

beforeAll(async () => {
  const base = await buildTestApp();
  const embedded = base.adapters.payments;
  webhookToken = base.config.paymentsWebhookToken;
  t = await buildTestApp({
    database: base.database,
    // one code after another in a test, without waiting for the resend window
    config: { windows: { ...base.config.windows, codeResendSeconds: 0 } },
    adapters: {
      payments: {
        ...embedded,
        createPayout: async (input) => {
          payouts.push(input);
          if (nextPayout === 'throw') throw new Error('timeout');
          if (nextPayout === 'failed')
            return {
              transferId: `tra_${randomUUID().slice(0, 8)}`,
              status: 'failed',
              failReason: 'Chave Pix inexistente',
            };
          return embedded.createPayout(input);
        },
      },
    },
  });
  finance = await staffMember(t, ['finance']);
});

const fund = (c: Customer, cents: number) => fundCustomer(t.database, c.id, 'BRL', cents, 'deposit.pix');

async function bankEntry(c: Customer & { cpf: string }, kind: 'cpf' | 'email' | 'account') {
  const payload =
    kind === 'cpf'
      ? { type: 'pix', key_type: 'cpf', key: c.cpf }
      : kind === 'email'
        ? { type: 'pix', key_type: 'email', key: c.email }
        : {
            type: 'account',
            account_type: 'checking',
            bank_number: '341',
            branch_number: '1234',
            account_number: '56789-0',
          };
  const r = await t.app.inject({ method: 'POST', url: '/api/banking-information', headers: bearer(c.token), payload });
  expect(r.statusCode, r.body).toBeLessThan(300);
  return r.json().bankingInformation.id as number;
}

const code = (c: Customer, amount: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/withdrawal/verification-code',
    headers: bearer(c.token),
    payload: { amount },
  });

const withdraw = (c: Customer, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/withdrawal', headers: bearer(c.token), payload });

/** Code by e-mail, then the withdrawal: what the screen does. */
async function withdrawWithCode(c: Customer, bankingInformationId: number, amount: string) {
  expect((await code(c, amount)).statusCode).toBe(200);
  const verificationCode = await latestCode(t.database, c.email);
  return withdraw(c, { verificationCode, bankingInformationId, amount });
}

const balance = async (c: Customer) => (await getBalances(t.database.db, c.id)).BRL;

describe('the withdraw-money screen', () => {
  it('GET /api/withdrawal: the bank entries, the minimum from configuration, the balance and the free ones left', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 50000);
    const id = await bankEntry(c, 'email');
    const r = await t.app.inject({ method: 'GET', url: '/api/withdrawal', headers: bearer(c.token) });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      minimumWithdrawalAmount: t.config.money.minWithdrawalCents / 100,
      currentBalance: 500,
      withdrawalFee: 9.9,
      freeWithdrawalsPerMonth: 2,
      freeWithdrawalsLeft: 2,
      resendAfterSeconds: t.config.windows.codeResendSeconds,
    });
    expect(r.json().bankingInformation.map((b: { id: number }) => b.id)).toEqual([id]);
  });

  it('refuses a missing amount, one below the minimum, one above the balance, before any code is sent', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 5000);
    const missing = await code(c, '');
    expect(missing.json()).toMatchObject({ errors: { amount: [MESSAGES.withdrawalAmountRequired] } });
    const zero = await code(c, '0,00');
    expect(zero.json()).toMatchObject({ errors: { amount: [MESSAGES.withdrawalAmountRequired] } });
    const low = await code(c, '9,99');
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      errors: { amount: ['O valor deve ser maior ou igual a R$ 10,00'] },
    });
    const high = await code(c, '50,01');
    expect(high.statusCode).toBe(422);
    expect(high.json()).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: MESSAGES.insufficientBalanceBRL });
    const mail = await outboxFor(t.database, c.email);
    expect(mail.filter((m) => m.subject?.startsWith('Código para retirar'))).toEqual([]);
  });

  it('a wrong code is refused and the fifth wrong one kills it; a code for one amount does not confirm another', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 100000);
    const id = await bankEntry(c, 'email');
    expect((await code(c, '100,00')).json()).toEqual({
      message: MESSAGES.withdrawalCodeSent,
      resendAfterSeconds: t.config.windows.codeResendSeconds,
      validForSeconds: t.config.windows.codeTtlSeconds,
    });
    const right = await latestCode(t.database, c.email);
    const wrong = right === '000000' ? '111111' : '000000';
    const other = await withdraw(c, { verificationCode: right, bankingInformationId: id, amount: '200,00' });
    expect(other.json()).toMatchObject({ code: 'CODE_INVALID', errors: { verificationCode: [MESSAGES.codeInvalid] } });
    for (let i = 0; i < 3; i++) {
      const r = await withdraw(c, { verificationCode: wrong, bankingInformationId: id, amount: '100,00' });
      expect(r.json().code).toBe('CODE_INVALID');
    }
    const fifth = await withdraw(c, { verificationCode: wrong, bankingInformationId: id, amount: '100,00' });
    expect(fifth.json()).toMatchObject({ code: 'CODE_TOO_MANY_ATTEMPTS', message: MESSAGES.codeTooManyAttempts });
    const late = await withdraw(c, { verificationCode: right, bankingInformationId: id, amount: '100,00' });
    expect(late.json().code).toBe('CODE_EXPIRED');
    expect(await balance(c)).toEqual({ available: 100000, held: 0 });
    expect(await t.database.db.select().from(withdrawals).where(eq(withdrawals.userId, c.id))).toEqual([]);
  });

  it('refuses a bank entry that is not the customer’s, and a missing code, with the spec messages', async () => {
    const c = await approvedCustomer(t);
    const stranger = await approvedCustomer(t);
    await fund(c, 10000);
    const theirs = await bankEntry(stranger, 'email');
    const r = await withdraw(c, { verificationCode: '123456', bankingInformationId: theirs, amount: '50,00' });
    expect(r.json()).toMatchObject({ errors: { bankingInformationId: [MESSAGES.chooseOption] } });
    const none = await withdraw(c, { verificationCode: '123456', amount: '50,00' });
    expect(none.json()).toMatchObject({ errors: { bankingInformationId: [MESSAGES.chooseOption] } });
    const noCode = await withdraw(c, { verificationCode: '', bankingInformationId: theirs, amount: '50,00' });
    expect(noCode.json()).toMatchObject({ errors: { verificationCode: [MESSAGES.codeRequired] } });
  });
});

describe('withdrawals and their payment', () => {
  it('to an e-mail Pix key: held, then an operator approves and the bank pays; in the history', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 100000);
    const id = await bankEntry(c, 'email');
    const r = await withdrawWithCode(c, id, '200,00');
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      message: MESSAGES.withdrawalRequested,
      withdrawal: {
        amount: 200,
        fee: 0,
        net_amount: 200,
        status: 'pending',
        instant: false,
        destination: `Pix e-mail ${c.email}`,
      },
    });
    expect(await balance(c)).toEqual({ available: 80000, held: 20000 });

    const queue = (
      await t.app.inject({ method: 'GET', url: '/api/admin/withdrawals', headers: bearer(finance.token) })
    ).json();
    const row = queue.data.find((w: { id: number }) => w.id === r.json().withdrawal.id);
    expect(row).toMatchObject({ customer: { id: c.id }, payout_status: null });
    const approve = await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${row.id}/review`,
      headers: bearer(finance.token),
      payload: { decision: 'approve' },
    });
    expect(approve.json()).toMatchObject({
      message: MESSAGES.withdrawalApproved,
      withdrawal: { status: 'approved', payout_status: 'done' },
    });
    expect(payouts.at(-1)).toMatchObject({
      amountCents: 20000,
      destination: { type: 'pix', keyType: 'EMAIL', key: c.email },
    });
    expect(await balance(c)).toEqual({ available: 80000, held: 0 });
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${row.id}/review`,
      headers: bearer(finance.token),
      payload: { decision: 'reject', reason: 'tarde demais' },
    });
    expect(again.json().code).toBe('ALREADY_DECIDED');

    const history = (await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(c.token) })).json();
    expect(history.withdrawals).toMatchObject({ total: 1, per_page: 15 });
    expect(history.withdrawals.data[0]).toMatchObject({ id: row.id, status: 'approved', amount: 200 });
  });

  it('to the customer’s CPF key: paid at once, without an operator', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 30000);
    const id = await bankEntry(c, 'cpf');
    const r = await withdrawWithCode(c, id, '100,00');
    expect(r.json()).toMatchObject({
      message: MESSAGES.withdrawalInstant,
      withdrawal: { status: 'approved', instant: true },
    });
    expect(r.json().withdrawal.destination).toBe(`Pix CPF ${c.cpf.slice(0, 3)}.***.***-${c.cpf.slice(9)}`);
    expect(payouts.at(-1)).toMatchObject({
      amountCents: 10000,
      destination: { type: 'pix', keyType: 'CPF', key: c.cpf },
    });
    expect(await balance(c)).toEqual({ available: 20000, held: 0 });
  });

  it('two free a month; the third pays R$ 9,90 deducted from the amount; a refused one does not count', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 100000);
    const id = await bankEntry(c, 'account');
    const first = (await withdrawWithCode(c, id, '50,00')).json().withdrawal;
    const rejected = await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${first.id}/review`,
      headers: bearer(finance.token),
      payload: { decision: 'reject', reason: 'Conta de terceiros' },
    });
    expect(rejected.json()).toMatchObject({
      message: MESSAGES.withdrawalRejected,
      withdrawal: { status: 'rejected', rejection_reason: 'Conta de terceiros' },
    });
    expect(await balance(c)).toEqual({ available: 100000, held: 0 });

    const fees: number[] = [];
    for (let i = 0; i < 3; i++) fees.push((await withdrawWithCode(c, id, '100,00')).json().withdrawal.fee);
    expect(fees).toEqual([0, 0, 9.9]);
    const overview = (await t.app.inject({ method: 'GET', url: '/api/withdrawal', headers: bearer(c.token) })).json();
    expect(overview.freeWithdrawalsLeft).toBe(0);

    const third = (await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(c.token) })).json()
      .withdrawals.data[0];
    expect(third).toMatchObject({
      amount: 100,
      fee: 9.9,
      net_amount: 90.1,
      destination: 'Banco 341 · ag. 1234 · c/c 567890',
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${third.id}/review`,
      headers: bearer(finance.token),
      payload: { decision: 'approve' },
    });
    expect(payouts.at(-1)).toMatchObject({
      amountCents: 9010,
      destination: { type: 'account', bankCode: '341', branch: '1234' },
    });
    // an amount that the fee would eat is refused
    const tiny = await code(c, '9,90');
    expect(tiny.statusCode).toBe(422);
  });

  it('a bank that refuses the payout gives everything back, fee included, and says why', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 50000);
    const id = await bankEntry(c, 'email');
    const w = (await withdrawWithCode(c, id, '100,00')).json().withdrawal;
    nextPayout = 'failed';
    try {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${w.id}/review`,
        headers: bearer(finance.token),
        payload: { decision: 'approve' },
      });
      expect(r.json().withdrawal).toMatchObject({
        status: 'rejected',
        payout_status: 'failed',
        rejection_reason: MESSAGES.withdrawalPayoutFailed('Chave Pix inexistente'),
      });
    } finally {
      nextPayout = 'done';
    }
    expect(await balance(c)).toEqual({ available: 50000, held: 0 });
  });

  it('a provider that does not answer leaves the payout "sending" for an operator, money out of the balance', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 50000);
    const id = await bankEntry(c, 'email');
    const w = (await withdrawWithCode(c, id, '100,00')).json().withdrawal;
    nextPayout = 'throw';
    try {
      const r = await t.app.inject({
        method: 'POST',
        url: `/api/admin/withdrawals/${w.id}/review`,
        headers: bearer(finance.token),
        payload: { decision: 'approve' },
      });
      expect(r.json().withdrawal).toMatchObject({ status: 'approved', payout_status: 'sending' });
    } finally {
      nextPayout = 'done';
    }
    expect(await balance(c)).toEqual({ available: 40000, held: 0 });
  });

  it('a customer cannot reach the back office queue', async () => {
    const c = await approvedCustomer(t);
    const r = await t.app.inject({ method: 'GET', url: '/api/admin/withdrawals', headers: bearer(c.token) });
    expect(r.statusCode).toBe(403);
  });

  it('placeWithdrawal refuses past the available balance, whatever was checked before', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 10000);
    const id = await bankEntry(c, 'email');
    const [user] = await t.database.db.select().from(users).where(eq(users.id, c.id));
    const entry = (await listBanking(t.database.db, c.id)).find((b) => b.id === id)!;
    await placeWithdrawal(t.app.deps, user!, entry, 6000);
    await expect(placeWithdrawal(t.app.deps, user!, entry, 6000)).rejects.toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(await balance(c)).toEqual({ available: 4000, held: 6000 });
  });
});

describe("the provider's transfer webhooks", () => {
  const transferEvent = (event: string, transferId: string, failReason: string | null = null) => ({
    headers: { 'asaas-access-token': webhookToken },
    payload: {
      id: `evt_${randomUUID().replaceAll('-', '').slice(0, 16)}`,
      event,
      dateCreated: '2026-11-23 10:00:00',
      transfer: { object: 'transfer', id: transferId, status: event.replace('TRANSFER_', ''), value: 100, failReason },
    },
  });

  it('TRANSFER_FAILED after a paid withdrawal gives the money and the fee back, once', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 100000);
    const id = await bankEntry(c, 'account');
    // the third of the month pays the fee
    for (let i = 0; i < 2; i++) await withdrawWithCode(c, id, '10,00');
    const w = (await withdrawWithCode(c, id, '100,00')).json().withdrawal;
    expect(w.fee).toBe(9.9);
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${w.id}/review`,
      headers: bearer(finance.token),
      payload: { decision: 'approve' },
    });
    const transferId = approved.json().withdrawal.payout_id as string;
    expect(transferId).toMatch(/^tra_/);
    expect(await balance(c)).toEqual({ available: 88000, held: 2000 });

    const failed = transferEvent('TRANSFER_FAILED', transferId, 'Conta encerrada no banco de destino');
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await t.app.inject({ method: 'POST', url: '/api/webhooks/payments', ...failed });
      outcomes.push(r.json().outcome);
    }
    expect(outcomes).toEqual(['payout_failed', 'duplicate', 'duplicate']);
    // a second event id for the same failure changes nothing either
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      ...transferEvent('TRANSFER_FAILED', transferId, 'Conta encerrada no banco de destino'),
    });
    expect(again.json().outcome).toBe('payout_failed');
    expect(await balance(c)).toEqual({ available: 98000, held: 2000 });
    const row = (await t.app.inject({ method: 'GET', url: '/api/withdrawals', headers: bearer(c.token) })).json()
      .withdrawals.data[0];
    expect(row).toMatchObject({
      id: w.id,
      status: 'rejected',
      rejection_reason: MESSAGES.withdrawalPayoutFailed('Conta encerrada no banco de destino'),
    });
  });

  it('TRANSFER_DONE marks a pending payout done; an unknown transfer is kept as such', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 50000);
    const id = await bankEntry(c, 'email');
    const w = (await withdrawWithCode(c, id, '100,00')).json().withdrawal;
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${w.id}/review`,
      headers: bearer(finance.token),
      payload: { decision: 'approve' },
    });
    const transferId = approved.json().withdrawal.payout_id as string;
    await t.database.db.update(withdrawals).set({ payoutStatus: 'pending' }).where(eq(withdrawals.id, w.id));
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      ...transferEvent('TRANSFER_DONE', transferId),
    });
    expect(done.json().outcome, done.body).toBe('payout_done');
    const [row] = await t.database.db.select().from(withdrawals).where(eq(withdrawals.id, w.id));
    expect(row!.payoutStatus).toBe('done');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/payments',
      ...transferEvent('TRANSFER_DONE', 'tra_nobody'),
    });
    expect(unknown.json().outcome).toBe('unknown_transfer');
  });
});

describe('an operator settles a payout the provider never answered', () => {
  it('"sending" can be settled as paid, or as not paid (everything back); anything else is refused', async () => {
    const c = await approvedCustomer(t);
    await fund(c, 50000);
    const id = await bankEntry(c, 'email');
    const ops = bearer(finance.token);
    const approveSilently = async () => {
      const w = (await withdrawWithCode(c, id, '100,00')).json().withdrawal;
      nextPayout = 'throw';
      try {
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/withdrawals/${w.id}/review`,
          headers: ops,
          payload: { decision: 'approve' },
        });
      } finally {
        nextPayout = 'done';
      }
      return w.id as number;
    };
    const first = await approveSilently();
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${first}/payout`,
      headers: ops,
      payload: { outcome: 'failed' },
    });
    expect(noReason.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { reason: [MESSAGES.reasonRequired] } });
    const failed = await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${first}/payout`,
      headers: ops,
      payload: { outcome: 'failed', reason: 'Não consta no painel do provedor' },
    });
    expect(failed.json()).toMatchObject({
      message: MESSAGES.payoutSettledFailed,
      withdrawal: { status: 'rejected', payout_status: 'failed' },
    });
    expect(await balance(c)).toEqual({ available: 50000, held: 0 });

    const second = await approveSilently();
    const done = await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${second}/payout`,
      headers: ops,
      payload: { outcome: 'done' },
    });
    expect(done.json()).toMatchObject({
      message: MESSAGES.payoutSettledDone,
      withdrawal: { status: 'approved', payout_status: 'done' },
    });
    expect(await balance(c)).toEqual({ available: 40000, held: 0 });
    const twice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${second}/payout`,
      headers: ops,
      payload: { outcome: 'failed', reason: 'x' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'ALREADY_DECIDED', message: MESSAGES.payoutNotOpen });
    expect(await balance(c)).toEqual({ available: 40000, held: 0 });
  });
});

describe("the customer's page in the back office", () => {
  it("lists the operators' money decisions about the customer in its audit history", async () => {
    const c = await approvedCustomer(t);
    await fund(c, 50000);
    const id = await bankEntry(c, 'email');
    const w = (await withdrawWithCode(c, id, '100,00')).json().withdrawal;
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/withdrawals/${w.id}/review`,
      headers: bearer(finance.token),
      payload: { decision: 'reject', reason: 'Chave de terceiros' },
    });
    const compliance = await staffMember(t, ['compliance'], 'Carla Compliance');
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${c.id}/audit`,
      headers: bearer(compliance.token),
    });
    expect(audit.statusCode, audit.body).toBe(200);
    expect(audit.json().data[0]).toMatchObject({
      description: 'Retirada de dinheiro recusada',
      target: `Retirada nº ${w.id}`,
      details: expect.arrayContaining(['Motivo: Chave de terceiros', 'Valor: R$ 100,00']),
    });
  });
});
