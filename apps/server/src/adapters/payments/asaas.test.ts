import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asaasPayments } from './asaas';
import { encodeBrCode } from './br-code';
import { PaymentProviderError } from './errors';
import type { PixChargeInput, PayoutInput } from './port';

const API_KEY = '$aact_test_SECRETKEY_0123456789';
const TOKEN = 't'.repeat(40);

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: unknown };
type Reply = { status: number; body?: unknown; delayMs?: number };

/** A stand-in for Asaas on a local port: records every request and answers from `routes` ("METHOD /path?query"). */
let server: Server;
let baseUrl = '';
let requests: Recorded[] = [];
let routes: Record<string, Reply> = {};

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const path = (req.url ?? '').replace(/^\/v3/, '');
      requests.push({ method: req.method ?? '', url: path, headers: req.headers, body: raw ? JSON.parse(raw) : null });
      const reply = routes[`${req.method} ${path}`] ?? {
        status: 404,
        body: { errors: [{ description: 'not found' }] },
      };
      setTimeout(() => {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
  routes = {};
});

const client = (timeoutMs?: number) => asaasPayments({ apiKey: API_KEY, baseUrl, webhookToken: TOKEN, timeoutMs });

const charge: PixChargeInput = {
  reference: 'deposit:123',
  amountCents: 10_090,
  customer: { userId: 7, name: 'Maria Silva', cpfCnpj: '52998224725', email: 'maria@example.com' },
  description: 'Depósito Prata #123',
  dueDate: '2025-01-03',
};
const PAYLOAD = encodeBrCode({
  url: 'qrpix.example.com/qr/v2/abc',
  merchantName: 'ASAAS',
  merchantCity: 'Joinville',
  singleUse: true,
});
const qrRoute = (payload = PAYLOAD): Reply => ({
  status: 200,
  body: { encodedImage: 'iVBORw0KGgo=', payload, expirationDate: '2025-01-03 23:59:59' },
});

describe('asaas client: charges', () => {
  it('creates the customer when none has the CPF, then the payment, then reads its BR Code', async () => {
    routes = {
      'GET /customers?cpfCnpj=52998224725': { status: 200, body: { object: 'list', totalCount: 0, data: [] } },
      'POST /customers': { status: 200, body: { object: 'customer', id: 'cus_000005219613' } },
      'POST /payments': { status: 200, body: { object: 'payment', id: 'pay_080225913252', status: 'PENDING' } },
      'GET /payments/pay_080225913252/pixQrCode': qrRoute(),
    };
    const result = await client().createPixCharge(charge);
    expect(result).toEqual({
      paymentId: 'pay_080225913252',
      pixCopiaECola: PAYLOAD,
      expiresAt: '2025-01-04T02:59:59.000Z',
    });
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /customers?cpfCnpj=52998224725',
      'POST /customers',
      'POST /payments',
      'GET /payments/pay_080225913252/pixQrCode',
    ]);
    for (const r of requests) {
      expect(r.headers.access_token).toBe(API_KEY);
      expect(r.headers['content-type']).toBe('application/json');
      expect(r.headers['user-agent']).toBe('Prata/1.0');
      expect(r.headers.authorization).toBeUndefined();
    }
    expect(requests[1]!.body).toEqual({
      name: 'Maria Silva',
      cpfCnpj: '52998224725',
      email: 'maria@example.com',
      externalReference: 'user:7',
    });
    expect(requests[2]!.body).toEqual({
      customer: 'cus_000005219613',
      billingType: 'PIX',
      value: 100.9,
      dueDate: '2025-01-03',
      description: 'Depósito Prata #123',
      externalReference: 'deposit:123',
    });
  });

  it('reuses the customer that already has the CPF, skipping a deleted one', async () => {
    routes = {
      'GET /customers?cpfCnpj=52998224725': {
        status: 200,
        body: {
          data: [
            { id: 'cus_old', deleted: true },
            { id: 'cus_000000000001', deleted: false },
          ],
        },
      },
      'POST /payments': { status: 200, body: { id: 'pay_1' } },
      'GET /payments/pay_1/pixQrCode': qrRoute(),
    };
    await client().createPixCharge({ ...charge, amountCents: 1 });
    expect(requests.map((r) => r.method)).toEqual(['GET', 'POST', 'GET']);
    expect(requests[1]!.body).toMatchObject({ customer: 'cus_000000000001', value: 0.01 });
  });

  it('sends reais exactly from centavos', async () => {
    for (const [cents, reais] of [
      [500, 5],
      [123_456_789, 1_234_567.89],
      [10, 0.1],
    ] as const) {
      routes = {
        'GET /customers?cpfCnpj=52998224725': { status: 200, body: { data: [{ id: 'cus_1' }] } },
        'POST /payments': { status: 200, body: { id: 'pay_1' } },
        'GET /payments/pay_1/pixQrCode': qrRoute(),
      };
      requests = [];
      await client().createPixCharge({ ...charge, amountCents: cents });
      expect((requests[1]!.body as { value: number }).value).toBe(reais);
    }
  });

  it('refuses a BR Code with a bad CRC or another amount', async () => {
    const base = {
      'GET /customers?cpfCnpj=52998224725': { status: 200, body: { data: [{ id: 'cus_1' }] } },
      'POST /payments': { status: 200, body: { id: 'pay_1' } },
    };
    routes = { ...base, 'GET /payments/pay_1/pixQrCode': qrRoute(`${PAYLOAD.slice(0, -4)}0000`) };
    await expect(client().createPixCharge(charge)).rejects.toThrow(/código Pix inválido \(pay_1\): CRC/);
    const other = encodeBrCode({ key: 'a@b.co', merchantName: 'ASAAS', merchantCity: 'Joinville', amountCents: 1 });
    routes = { ...base, 'GET /payments/pay_1/pixQrCode': qrRoute(other) };
    await expect(client().createPixCharge(charge)).rejects.toThrow(/1 centavos para uma cobrança de 10090/);
  });

  it('cancels with DELETE, and an unknown payment (404) counts as cancelled', async () => {
    routes = { 'DELETE /payments/pay_1': { status: 200, body: { deleted: true, id: 'pay_1' } } };
    await client().cancelCharge('pay_1');
    await client().cancelCharge('pay_gone');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'DELETE /payments/pay_1',
      'DELETE /payments/pay_gone',
    ]);
    routes = { 'DELETE /payments/pay_1': { status: 400, body: { errors: [{ description: 'Cobrança já recebida' }] } } };
    await expect(client().cancelCharge('pay_1')).rejects.toThrow(/Cobrança já recebida/);
  });

  it('refunds a paid charge with POST /payments/{id}/refund, all of it or a value in reais', async () => {
    routes = { 'POST /payments/pay_1/refund': { status: 200, body: { id: 'pay_1', status: 'REFUNDED' } } };
    await client().refundCharge('pay_1');
    await client().refundCharge('pay_1', 12_345);
    expect(requests.map((r) => [`${r.method} ${r.url}`, r.body])).toEqual([
      ['POST /payments/pay_1/refund', {}],
      ['POST /payments/pay_1/refund', { value: 123.45 }],
    ]);
    expect(requests[0]!.headers.access_token).toBe(API_KEY);
    routes = {
      'POST /payments/pay_2/refund': { status: 400, body: { errors: [{ description: 'Saldo insuficiente' }] } },
    };
    await expect(client().refundCharge('pay_2')).rejects.toThrow(PaymentProviderError);
  });
});

describe('asaas client: errors', () => {
  it('turns a 401 into a PaymentProviderError that names the setting and never the key', async () => {
    routes = { 'GET /customers?cpfCnpj=52998224725': { status: 401, body: { errors: [{ description: 'invalid' }] } } };
    const error = await client()
      .createPixCharge(charge)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentProviderError);
    const e = error as PaymentProviderError;
    expect(e.message).toMatch(/HTTP 401.*ASAAS_API_KEY/);
    expect(e.details).toMatchObject({ status: 401, operation: 'GET /customers' });
    expect(JSON.stringify({ message: e.message, details: e.details, stack: e.stack })).not.toContain(API_KEY);
  });

  it("keeps a 400's errors[].description, with the key scrubbed if the provider echoes it", async () => {
    routes = {
      'GET /customers?cpfCnpj=52998224725': { status: 200, body: { data: [] } },
      'POST /customers': {
        status: 400,
        body: {
          errors: [
            { code: 'invalid_cpfCnpj', description: 'O CPF/CNPJ informado é inválido.' },
            { code: 'x', description: `chave ${API_KEY} sem permissão` },
          ],
        },
      },
    };
    const e = (await client()
      .createPixCharge(charge)
      .catch((error: unknown) => error)) as PaymentProviderError;
    expect(e).toBeInstanceOf(PaymentProviderError);
    expect(e.message).toBe(
      'O Asaas recusou POST /customers (HTTP 400): O CPF/CNPJ informado é inválido.; chave *** sem permissão.',
    );
    expect(e.details.providerErrors).toEqual(['O CPF/CNPJ informado é inválido.', 'chave *** sem permissão']);
    expect(e.message).not.toContain(API_KEY);
  });

  it('gives up after the timeout', async () => {
    routes = { 'GET /customers?cpfCnpj=52998224725': { status: 200, body: { data: [] }, delayMs: 1_000 } };
    const started = Date.now();
    const e = (await client(100)
      .createPixCharge(charge)
      .catch((error: unknown) => error)) as PaymentProviderError;
    expect(Date.now() - started).toBeLessThan(900);
    expect(e).toBeInstanceOf(PaymentProviderError);
    expect(e.message).toBe('O Asaas não respondeu em 0.1 s (GET /customers).');
    expect(e.details.status).toBeNull();
  });

  it('reports an unreachable Asaas', async () => {
    const closed = asaasPayments({ apiKey: API_KEY, baseUrl: 'http://127.0.0.1:1/v3', webhookToken: TOKEN });
    await expect(closed.cancelCharge('pay_1')).rejects.toThrow(/Não foi possível falar com o Asaas \(DELETE/);
  });
});

describe('asaas client: payouts', () => {
  const payout: PayoutInput = {
    reference: 'withdrawal:42',
    amountCents: 100_000,
    destination: { type: 'pix', keyType: 'CPF', key: '52998224725' },
    description: 'Saque Prata',
  };

  it('sends a Pix transfer to the key and maps the status', async () => {
    for (const [status, expected] of [
      ['PENDING', 'pending'],
      ['BANK_PROCESSING', 'pending'],
      ['DONE', 'done'],
      ['FAILED', 'failed'],
      ['CANCELLED', 'failed'],
    ] as const) {
      routes = { 'POST /transfers': { status: 200, body: { id: 'b8d5a5c2-uuid', status, failReason: null } } };
      requests = [];
      const result = await client().createPayout(payout);
      expect(result.status).toBe(expected);
      expect(result.transferId).toBe('b8d5a5c2-uuid');
      expect(result.failReason).toBe(expected === 'failed' ? 'Transferência recusada' : null);
    }
    expect(requests[0]!.body).toEqual({
      value: 1000,
      pixAddressKey: '52998224725',
      pixAddressKeyType: 'CPF',
      description: 'Saque Prata',
      externalReference: 'withdrawal:42',
    });
  });

  it('sends a TED to a bank account, the check digit split off', async () => {
    routes = { 'POST /transfers': { status: 200, body: { id: 'tra_1', status: 'PENDING' } } };
    await client().createPayout({
      ...payout,
      amountCents: 1,
      destination: {
        type: 'account',
        bankCode: '001',
        branch: '1234-5',
        account: '98765-X',
        accountType: 'savings',
        ownerName: 'Maria Silva',
        cpfCnpj: '52998224725',
      },
    });
    expect(requests[0]!.body).toEqual({
      value: 0.01,
      operationType: 'TED',
      bankAccount: {
        bank: { code: '001' },
        ownerName: 'Maria Silva',
        cpfCnpj: '52998224725',
        agency: '1234',
        account: '98765',
        accountDigit: 'X',
        bankAccountType: 'CONTA_POUPANCA',
      },
      description: 'Saque Prata',
      externalReference: 'withdrawal:42',
    });
  });

  it('fails an invalid destination without calling Asaas', async () => {
    const result = await client().createPayout({ ...payout, destination: { type: 'pix', keyType: 'EMAIL', key: '' } });
    expect(result).toEqual({ transferId: '', status: 'failed', failReason: 'Chave Pix vazia' });
    expect(requests).toEqual([]);
  });
});

describe('asaas client: webhooks', () => {
  const payments = () => client();
  const auth = { 'asaas-access-token': TOKEN };
  const received = {
    id: 'evt_05b708f961d739ea7eba7e4db318f621&368604920',
    event: 'PAYMENT_RECEIVED',
    dateCreated: '2024-06-12 16:45:03',
    payment: {
      object: 'payment',
      id: 'pay_080225913252',
      customer: 'cus_G7Dvo4iphUNk',
      value: 100.9,
      netValue: 99.91,
      billingType: 'PIX',
      status: 'RECEIVED',
      externalReference: 'deposit:123',
    },
  };

  it('authenticates with the asaas-access-token header', () => {
    expect(payments().readWebhook(auth, received)).toEqual({
      ok: true,
      event: {
        kind: 'payment_received',
        eventId: received.id,
        paymentId: 'pay_080225913252',
        reference: 'deposit:123',
        amountCents: 10_090,
      },
    });
    expect(payments().readWebhook({ 'Asaas-Access-Token': TOKEN }, received).ok).toBe(true);
    for (const headers of [
      {},
      { 'asaas-access-token': '' },
      { 'asaas-access-token': `${TOKEN}x` },
      { 'asaas-access-token': TOKEN.slice(1) },
      { 'asaas-access-token': [TOKEN, TOKEN] },
      { access_token: TOKEN },
    ])
      expect(payments().readWebhook(headers, received)).toEqual({ ok: false, reason: 'unauthorized' });
    // an unauthenticated body is not even parsed
    expect(payments().readWebhook({}, 'garbage')).toEqual({ ok: false, reason: 'unauthorized' });
  });

  it('refuses a malformed body, and an amount with more than two decimals', () => {
    for (const body of [
      null,
      'text',
      {},
      { event: 'PAYMENT_RECEIVED' },
      { id: 'evt_1', event: 'PAYMENT_RECEIVED' },
      { ...received, payment: { ...received.payment, value: '100.90' } },
      { ...received, payment: { ...received.payment, value: 100.905 } },
      { ...received, payment: { ...received.payment, value: -1 } },
      { ...received, payment: { ...received.payment, value: 0 } },
      { ...received, payment: { ...received.payment, id: undefined } },
      { id: 'evt_1', event: 'TRANSFER_DONE' },
      { id: 'evt_1', event: 'PAYMENT_DELETED' },
    ])
      expect(payments().readWebhook(auth, body), JSON.stringify(body)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('reads each event kind', () => {
    const read = (body: unknown) => {
      const verdict = payments().readWebhook(auth, body);
      if (!verdict.ok) throw new Error(verdict.reason);
      return verdict.event;
    };
    expect(read({ ...received, payment: { ...received.payment, value: 1234567.89 } })).toMatchObject({
      amountCents: 123_456_789,
    });
    expect(read({ ...received, payment: { ...received.payment, value: 0.01, externalReference: null } })).toMatchObject(
      { amountCents: 1, reference: null },
    );
    expect(read({ ...received, event: 'PAYMENT_DELETED' })).toEqual({
      kind: 'payment_cancelled',
      eventId: received.id,
      paymentId: 'pay_080225913252',
      reference: 'deposit:123',
    });
    for (const event of [
      'PAYMENT_CONFIRMED',
      'PAYMENT_CREATED',
      'PAYMENT_REFUNDED',
      'PAYMENT_OVERDUE',
      'TRANSFER_CREATED',
    ])
      expect(read({ ...received, event })).toEqual({ kind: 'ignored', eventId: received.id, event });
    const transfer = {
      id: 'b8d5a5c2-uuid',
      status: 'DONE',
      value: 1000,
      failReason: null,
      externalReference: 'withdrawal:42',
    };
    expect(read({ id: 'evt_t1', event: 'TRANSFER_DONE', transfer })).toEqual({
      kind: 'transfer_done',
      eventId: 'evt_t1',
      transferId: 'b8d5a5c2-uuid',
      reference: 'withdrawal:42',
      failReason: null,
    });
    expect(
      read({
        id: 'evt_t2',
        event: 'TRANSFER_FAILED',
        transfer: { ...transfer, failReason: 'Chave Pix não encontrada' },
      }),
    ).toMatchObject({ kind: 'transfer_failed', failReason: 'Chave Pix não encontrada' });
    expect(read({ id: 'evt_t3', event: 'TRANSFER_CANCELLED', transfer })).toMatchObject({
      kind: 'transfer_failed',
      failReason: 'Transferência cancelada',
      reference: 'withdrawal:42',
    });
  });
});

describe('asaas client: Pix Automático (Journey 3; the shape ASSUMED where docs/saving-plans.md says so)', () => {
  const customer = charge.customer;
  it('creates the authorisation with its immediate QR code, charges against it, and revokes it', async () => {
    routes = {
      'GET /customers?cpfCnpj=52998224725': { status: 200, body: { data: [{ id: 'cus_1' }] } },
      'POST /pix/automatic/authorizations': {
        status: 200,
        body: {
          id: '7d9d3c8e-0b7a-4c43-9d4d-1f0b9a8e6a11',
          status: 'CREATED',
          immediateQrCode: {
            payload: PAYLOAD,
            conciliationIdentifier: 'conc_1',
            expirationDate: '2025-01-03 23:59:59',
          },
        },
      },
      'POST /payments': { status: 200, body: { object: 'payment', id: 'pay_2', status: 'PENDING' } },
      'GET /payments/pay_2/pixQrCode': qrRoute(),
      'DELETE /pix/automatic/authorizations/7d9d3c8e-0b7a-4c43-9d4d-1f0b9a8e6a11': { status: 200, body: {} },
    };
    const payments = client();
    const auth = await payments.createRecurringAuthorization({
      reference: 'saving-plan:12',
      customer,
      amountCents: 5_000,
      frequency: 'WEEKLY',
      startDate: '2025-01-03',
      endDate: null,
      description: 'Poupança Prata R$ 50,00',
    });
    expect(auth).toEqual({
      authorizationId: '7d9d3c8e-0b7a-4c43-9d4d-1f0b9a8e6a11',
      firstPaymentId: 'conc_1',
      pixCopiaECola: PAYLOAD,
      expiresAt: '2025-01-04T02:59:59.000Z',
    });
    expect(requests[1]!.body).toMatchObject({
      customerId: 'cus_1',
      frequency: 'WEEKLY',
      contractId: 'saving-plan:12',
      startDate: '2025-01-03',
      value: 50,
      immediateQrCode: { originalValue: 50 },
    });
    const next = await payments.createRecurringCharge({
      authorizationId: auth.authorizationId,
      reference: 'saving-run:3',
      amountCents: 5_000,
      customer,
      dueDate: '2025-01-10',
      description: 'Poupança Prata R$ 50,00',
    });
    expect(next).toEqual({ paymentId: 'pay_2', pixCopiaECola: PAYLOAD });
    expect(requests.find((r) => r.method === 'POST' && r.url === '/payments')!.body).toMatchObject({
      billingType: 'PIX',
      value: 50,
      dueDate: '2025-01-10',
      externalReference: 'saving-run:3',
      pixAutomaticAuthorizationId: auth.authorizationId,
    });
    await payments.cancelRecurringAuthorization(auth.authorizationId);
    expect(requests.at(-1)).toMatchObject({ method: 'DELETE' });
  });

  it('an answer without the code is the provider failing, not a plan without a Pix', async () => {
    routes = {
      'GET /customers?cpfCnpj=52998224725': { status: 200, body: { data: [{ id: 'cus_1' }] } },
      'POST /pix/automatic/authorizations': { status: 200, body: { id: 'a1' } },
    };
    await expect(
      client().createRecurringAuthorization({
        reference: 'saving-plan:12',
        customer,
        amountCents: 5_000,
        frequency: 'MONTHLY',
        startDate: '2025-01-03',
        endDate: '2025-12-31',
        description: 'Poupança',
      }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });
});
