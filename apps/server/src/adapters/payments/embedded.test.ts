import { describe, expect, it } from 'vitest';
import { parseBrCode } from './br-code';
import { DEMO_PIX_KEY, embeddedPayments, randomAlphanumeric } from './embedded';
import type { PixChargeInput } from './port';

const TOKEN = 'w'.repeat(40);
const port = () =>
  embeddedPayments({
    merchantName: 'PRATA',
    merchantCity: 'SÃO PAULO',
    webhookToken: TOKEN,
    now: () => new Date('2025-01-02T02:30:00Z'),
  });
const charge: PixChargeInput = {
  reference: 'deposit:123',
  amountCents: 150_075,
  customer: { userId: 7, name: 'Maria Silva', cpfCnpj: '52998224725', email: 'maria@example.com' },
  description: 'Depósito Prata #123',
  dueDate: '2025-01-03',
};

describe('embedded payments provider', () => {
  it('makes asaas-shaped ids from the CSPRNG', () => {
    const ids = new Set(Array.from({ length: 500 }, () => randomAlphanumeric(16)));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]{16}$/);
  });

  it('answers a real single-use BR Code for the demo key, with the amount and a unique txid', async () => {
    const payments = port();
    const one = await payments.createPixCharge(charge);
    const two = await payments.createPixCharge(charge);
    expect(one.paymentId).toMatch(/^pay_[a-z0-9]{16}$/);
    expect(one.paymentId).not.toBe(two.paymentId);
    expect(one.expiresAt).toBeNull();
    const check = parseBrCode(one.pixCopiaECola);
    if (!check.ok) throw new Error(check.problem);
    expect(check.code).toMatchObject({
      singleUse: true,
      key: DEMO_PIX_KEY,
      amountCents: 150_075,
      merchantName: 'PRATA',
      merchantCity: 'SAO PAULO',
      message: 'Deposito Prata #123',
    });
    expect(check.code.txid).toBe(`eposit123${one.paymentId.slice(4)}`);
    expect(check.code.txid).toMatch(/^[A-Za-z0-9]{25}$/);
    const other = parseBrCode(two.pixCopiaECola);
    expect(other.ok && other.code.txid).not.toBe(check.code.txid);
    await expect(payments.cancelCharge(one.paymentId)).resolves.toBeUndefined();
    await expect(payments.cancelCharge('pay_unknown')).resolves.toBeUndefined();
  });

  it('uses the configured receiving key', async () => {
    const payments = embeddedPayments({
      pixKey: 'pix@prata.com.br',
      merchantName: 'P',
      merchantCity: 'C',
      webhookToken: TOKEN,
    });
    const check = parseBrCode((await payments.createPixCharge(charge)).pixCopiaECola);
    expect(check.ok && check.code.key).toBe('pix@prata.com.br');
  });

  it('pays payouts at once, and fails those with an invalid destination with a reason', async () => {
    const payments = port();
    const base = { reference: 'withdrawal:42', amountCents: 10_000, description: 'Saque' };
    const pix = await payments.createPayout({
      ...base,
      destination: { type: 'pix', keyType: 'CPF', key: '52998224725' },
    });
    expect(pix).toEqual({ transferId: expect.stringMatching(/^tra_[a-z0-9]{16}$/), status: 'done', failReason: null });
    const account = await payments.createPayout({
      ...base,
      destination: {
        type: 'account',
        bankCode: '341',
        branch: '0001',
        account: '12345-6',
        accountType: 'checking',
        ownerName: 'Maria Silva',
        cpfCnpj: '52998224725',
      },
    });
    expect(account.status).toBe('done');
    const empty = await payments.createPayout({ ...base, destination: { type: 'pix', keyType: 'EMAIL', key: ' ' } });
    expect(empty).toEqual({ transferId: '', status: 'failed', failReason: 'Chave Pix vazia' });
    const badCpf = await payments.createPayout({ ...base, destination: { type: 'pix', keyType: 'CPF', key: '123' } });
    expect(badCpf.status).toBe('failed');
    await expect(
      payments.createPayout({
        ...base,
        amountCents: 10.5,
        destination: { type: 'pix', keyType: 'CPF', key: '52998224725' },
      }),
    ).rejects.toThrow(RangeError);
  });

  it('simulates the webhook Asaas sends for PAYMENT_RECEIVED, which its own readWebhook accepts', async () => {
    const payments = port();
    const { paymentId } = await payments.createPixCharge(charge);
    const first = payments.simulatePayment!({ paymentId, reference: charge.reference, amountCents: 150_075 });
    const second = payments.simulatePayment!({ paymentId, reference: charge.reference, amountCents: 150_075 });
    expect(first.headers['asaas-access-token']).toBe(TOKEN);
    expect(first.body).toEqual({
      id: expect.stringMatching(/^evt_[a-z0-9]{16}$/),
      event: 'PAYMENT_RECEIVED',
      // 02:30 UTC is 23:30 the day before in Brasília
      dateCreated: '2025-01-01 23:30:00',
      payment: {
        object: 'payment',
        id: paymentId,
        customer: 'cus_000000000007',
        value: 1500.75,
        netValue: 1500.75,
        billingType: 'PIX',
        status: 'RECEIVED',
        externalReference: 'deposit:123',
        confirmedDate: '2025-01-01',
        paymentDate: '2025-01-01',
      },
    });
    expect((second.body as { id: string }).id).not.toBe((first.body as { id: string }).id);
    expect(payments.readWebhook(first.headers, first.body)).toEqual({
      ok: true,
      event: {
        kind: 'payment_received',
        eventId: (first.body as { id: string }).id,
        paymentId,
        reference: 'deposit:123',
        amountCents: 150_075,
      },
    });
    expect(payments.readWebhook({ 'asaas-access-token': 'x'.repeat(40) }, first.body)).toEqual({
      ok: false,
      reason: 'unauthorized',
    });
    expect(payments.readWebhook({}, first.body)).toEqual({ ok: false, reason: 'unauthorized' });
  });
});
