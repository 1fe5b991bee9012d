import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  completeIndividual,
  type Customer,
  createCustomer,
  freshCpf,
  latestCode,
  outboxFor,
  staffMember,
  type TestApp,
} from '../../../test/helpers';
import { companies, silverTransfers, users } from '@/db/schema/index';
import { balanceOf, getBalances, post, reconcile } from '@/ledger/index';
import { readLimits } from '@/limits';
import { expireUnclaimedTransfers } from './index';

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  const { limits, windows } = readLimits({});
  t = await buildTestApp({
    config: {
      limits: { ...limits, transferReceiverAccount: { max: 1000, windowSeconds: 3600 } },
      // codes may be asked again at once: each test asks for its own
      windows: { ...windows, codeResendSeconds: 0 },
    },
  });
});

type Sender = Customer & { cpf: string };

/** The text a PDF of ours prints: its content streams inflated, each `<hex> Tj` decoded (WinAnsi ≈ latin1). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (let i = raw.indexOf('stream'); i !== -1; i = raw.indexOf('stream', i + 6)) {
    let start = i + 6;
    if (raw[start] === '\r') start += 1;
    if (raw[start] === '\n') start += 1;
    const end = raw.indexOf('endstream', start);
    if (end === -1) break;
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString('latin1');
      for (const m of content.matchAll(/<([0-9A-Fa-f]+)> Tj/g))
        lines.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
    } catch {
      // not a deflated stream
    }
    i = end;
  }
  return lines.join('\n');
}

/** An approved customer holding `centigrams` of silver. */
async function withSilver(centigrams: number, name = 'Ana Remetente Souza'): Promise<Sender> {
  const c = await approvedCustomer(t, { name });
  seq += 1;
  await post(t.database.db, {
    id: `test:transfer-ag:${c.id}:${seq}`,
    debit: { system: 'vault' },
    credit: { customer: c.id, bucket: 'available' },
    currency: 'AG',
    amount: centigrams,
    code: 'test.silver',
  });
  return c;
}

const ag = async (id: number) => (await getBalances(t.database.db, id)).AG.available;

const call = (c: Customer, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = {}) =>
  t.app.inject({ method, url: `/api${url}`, headers: { ...bearer(c.token), ...headers }, payload });

async function codeFor(c: Customer, quantity: string | number, receiverEmail: string) {
  const res = await call(c, 'POST', '/silver-transfer/verification-code', {
    quantity_grams: quantity,
    receiver_email: receiverEmail,
  });
  expect(res.statusCode, res.body).toBe(200);
  return latestCode(t.database, c.email);
}

describe('GET /api/silver-transfer and the registration rule', () => {
  it('answers the available grams, the resend wait and the unclaimed period', async () => {
    const a = await withSilver(12_345);
    const res = await call(a, 'GET', '/silver-transfer');
    expect(res.json()).toEqual({
      currentBalance: 123.45,
      resendAfterSeconds: 0,
      unclaimedExpiryDays: 30,
      confirm_with: 'code',
    });
  });

  it('403 REGISTRATION_INCOMPLETE for a customer whose registration is not finished (the screen goes to /register/finish)', async () => {
    const fresh = await createCustomer(t);
    for (const [method, url, payload] of [
      ['GET', '/silver-transfer', undefined],
      ['POST', '/silver-transfer/check-receiver', { email: 'x@exemplo.com.br' }],
      ['POST', '/silver-transfer/verification-code', { quantity_grams: 1, receiver_email: 'x@exemplo.com.br' }],
    ] as const) {
      const res = await call(fresh, method, url, payload);
      expect([res.statusCode, res.json().code], url).toEqual([403, 'REGISTRATION_INCOMPLETE']);
    }
  });

  it('401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/silver-transfers' });
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /api/silver-transfer/check-receiver', () => {
  it('an account: its id and a short name, never more; no account: null and the CPF is asked', async () => {
    const a = await withSilver(100);
    const b = await approvedCustomer(t, { name: 'Bruno Carvalho Lima' });
    const found = await call(a, 'POST', '/silver-transfer/check-receiver', { email: ` ${b.email.toUpperCase()} ` });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({ receiver: { id: b.id, name: 'Bruno L.' }, message: MESSAGES.transferReceiverFound });
    const none = await call(a, 'POST', '/silver-transfer/check-receiver', { email: 'ninguem@exemplo.com.br' });
    expect(none.json()).toEqual({ receiver: null, message: MESSAGES.transferReceiverNotFound });
  });

  it("the spec's messages for a missing or malformed e-mail; yourself and an operator are refused", async () => {
    const a = await withSilver(100);
    const expectError = async (email: unknown, status: number, code: string, message: string) => {
      const res = await call(a, 'POST', '/silver-transfer/check-receiver', { email });
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([status, code, message]);
    };
    await expectError('', 422, 'VALIDATION_FAILED', 'Informe o e-mail do recebedor');
    await expectError(undefined, 422, 'VALIDATION_FAILED', 'Informe o e-mail do recebedor');
    await expectError('maria@', 422, 'VALIDATION_FAILED', 'Informe um e-mail válido');
    await expectError(a.email, 422, 'SILVER_TRANSFER_TO_SELF', MESSAGES.transferToSelf);
    const operator = await staffMember(t, ['support'], 'Olga Operadora');
    await expectError(
      operator.email,
      422,
      'SILVER_TRANSFER_RECEIVER_UNAVAILABLE',
      MESSAGES.transferReceiverUnavailable,
    );
  });

  it('is limited per account (LIMIT_TRANSFER_RECEIVER_ACCOUNT): nobody scrapes who has an account', async () => {
    const { limits } = readLimits({});
    const strict = await buildTestApp({
      database: t.database,
      config: { limits: { ...limits, transferReceiverAccount: { max: 3, windowSeconds: 3600 } } },
    });
    const a = await withSilver(100);
    const ask = (i: number) =>
      strict.app.inject({
        method: 'POST',
        url: '/api/silver-transfer/check-receiver',
        headers: bearer(a.token),
        payload: { email: `pessoa${i}@exemplo.com.br` },
      });
    for (const i of [1, 2, 3]) expect((await ask(i)).statusCode).toBe(200);
    const limited = await ask(4);
    expect([limited.statusCode, limited.json().code]).toEqual([429, 'RATE_LIMITED']);
    // another customer is not affected
    const b = await withSilver(100);
    const other = await strict.app.inject({
      method: 'POST',
      url: '/api/silver-transfer/check-receiver',
      headers: bearer(b.token),
      payload: { email: 'pessoa1@exemplo.com.br' },
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('POST /api/silver-transfer: bad input changes nothing', () => {
  it('41 characters of message, a link in it, 0,00 g, no code, an invalid CPF: the spec messages, 422', async () => {
    const a = await withSilver(10_000);
    const b = await approvedCustomer(t);
    const base = { verificationCode: '123456', receiver_id: b.id, receiver_email: b.email, quantity_grams: '1,00' };
    const cases: Array<[object, string, string]> = [
      [{ message: 'x'.repeat(41) }, 'message', MESSAGES.transferMessageTooLong],
      // Prata's e-mails carry the message, to addresses with no account too: no link rides on them
      [{ message: 'Confirme em prata-seguro.xyz' }, 'message', MESSAGES.transferMessageLink],
      [{ message: 'https://bit.ly/abc' }, 'message', MESSAGES.transferMessageLink],
      [{ quantity_grams: '0,00' }, 'quantity_grams', 'Informe a quantidade'],
      [{ quantity_grams: 0 }, 'quantity_grams', 'Informe a quantidade'],
      [{ quantity_grams: '' }, 'quantity_grams', 'Informe a quantidade'],
      [{ quantity_grams: '1,001' }, 'quantity_grams', MESSAGES.transferQuantityInvalid],
      [{ quantity_grams: '-1' }, 'quantity_grams', MESSAGES.transferQuantityInvalid],
      [{ verificationCode: '' }, 'verificationCode', 'Informe o código'],
      [{ receiver_email: '' }, 'receiver_email', 'Informe o e-mail do recebedor'],
      [{ receiver_email: 'sem-arroba' }, 'receiver_email', 'Informe um e-mail válido'],
      [
        { receiver_id: null, receiver_email: 'novo@exemplo.com.br', receiver_cpf: '111.111.111-11' },
        'receiver_cpf',
        'Informe um CPF válido',
      ],
      [
        { receiver_id: null, receiver_email: 'novo@exemplo.com.br', receiver_cpf: '529.982.247-24' },
        'receiver_cpf',
        'Informe um CPF válido',
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await call(a, 'POST', '/silver-transfer', { ...base, ...change });
      expect([res.statusCode, res.json().errors?.[field]?.[0]], JSON.stringify(change)).toEqual([422, message]);
    }
    // a receiver with no account needs the CPF
    const noCpf = await call(a, 'POST', '/silver-transfer', {
      ...base,
      receiver_id: null,
      receiver_email: 'novo@exemplo.com.br',
    });
    expect([noCpf.statusCode, noCpf.json().errors.receiver_cpf[0]]).toEqual([422, 'Informe um CPF válido']);
    // exactly 40 characters pass the form (and fail later, on the code)
    const forty = await call(a, 'POST', '/silver-transfer', { ...base, message: 'x'.repeat(40) });
    expect(forty.json().code).toBe('CODE_EXPIRED');
    expect(await ag(a.id)).toBe(10_000);
    expect(await t.database.db.select().from(silverTransfers).where(eq(silverTransfers.senderId, a.id))).toEqual([]);
  });

  it('above the balance: refused before the code is spent, at the code request too', async () => {
    const a = await withSilver(500);
    const b = await approvedCustomer(t);
    const asked = await call(a, 'POST', '/silver-transfer/verification-code', {
      quantity_grams: '5,01',
      receiver_email: b.email,
    });
    expect([asked.statusCode, asked.json().code, asked.json().errors.quantity_grams[0]]).toEqual([
      422,
      'INSUFFICIENT_BALANCE',
      MESSAGES.transferInsufficientSilver,
    ]);
    const code = await codeFor(a, '5', b.email);
    const res = await call(a, 'POST', '/silver-transfer', {
      verificationCode: code,
      receiver_id: b.id,
      receiver_email: b.email,
      quantity_grams: '5,01',
    });
    expect([res.statusCode, res.json().code]).toEqual([422, 'INSUFFICIENT_BALANCE']);
    // the code was not spent: it still confirms the 5 g it was asked for
    const ok = await call(a, 'POST', '/silver-transfer', {
      verificationCode: code,
      receiver_id: b.id,
      receiver_email: b.email,
      quantity_grams: '5',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect([await ag(a.id), await ag(b.id)]).toEqual([0, 500]);
  });

  it('a code issued for 1 g does not confirm 10 g, nor 1 g to someone else', async () => {
    const a = await withSilver(5_000);
    const b = await approvedCustomer(t);
    const c = await approvedCustomer(t);
    const code = await codeFor(a, '1', b.email);
    const tenGrams = await call(a, 'POST', '/silver-transfer', {
      verificationCode: code,
      receiver_id: b.id,
      receiver_email: b.email,
      quantity_grams: '10',
    });
    expect([tenGrams.statusCode, tenGrams.json().code, tenGrams.json().errors.verificationCode[0]]).toEqual([
      422,
      'CODE_INVALID',
      MESSAGES.codeInvalid,
    ]);
    const otherReceiver = await call(a, 'POST', '/silver-transfer', {
      verificationCode: code,
      receiver_id: c.id,
      receiver_email: c.email,
      quantity_grams: '1',
    });
    expect(otherReceiver.json().code).toBe('CODE_INVALID');
    expect([await ag(a.id), await ag(b.id), await ag(c.id)]).toEqual([5_000, 0, 0]);
  });

  it('a wrong code five times locks the code: even the right one is refused afterwards', async () => {
    const a = await withSilver(1_000);
    const b = await approvedCustomer(t);
    const code = await codeFor(a, '1', b.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = (verificationCode: string) => ({
      verificationCode,
      receiver_id: b.id,
      receiver_email: b.email,
      quantity_grams: '1',
    });
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push((await call(a, 'POST', '/silver-transfer', body(wrong))).json().code);
    expect(codes).toEqual(['CODE_INVALID', 'CODE_INVALID', 'CODE_INVALID', 'CODE_INVALID', 'CODE_TOO_MANY_ATTEMPTS']);
    const right = await call(a, 'POST', '/silver-transfer', body(code));
    expect([right.statusCode, right.json().code]).toEqual([422, 'CODE_EXPIRED']);
    expect(await ag(a.id)).toBe(1_000);
  });

  it('to yourself: refused by e-mail and by your own CPF', async () => {
    const a = await withSilver(1_000);
    const byEmail = await call(a, 'POST', '/silver-transfer', {
      verificationCode: '123456',
      receiver_email: a.email,
      quantity_grams: '1',
    });
    expect([byEmail.statusCode, byEmail.json().code]).toEqual([422, 'SILVER_TRANSFER_TO_SELF']);
    const byCpf = await call(a, 'POST', '/silver-transfer', {
      verificationCode: '123456',
      receiver_email: 'outro-email-meu@exemplo.com.br',
      receiver_cpf: a.cpf,
      quantity_grams: '1',
    });
    expect([byCpf.statusCode, byCpf.json().code]).toEqual([422, 'SILVER_TRANSFER_TO_SELF']);
    const code = await call(a, 'POST', '/silver-transfer/verification-code', {
      quantity_grams: 1,
      receiver_email: a.email,
    });
    expect(code.json().code).toBe('SILVER_TRANSFER_TO_SELF');
  });

  it('a receiver id that is not the e-mail’s account is refused (the e-mail changed hands since the check)', async () => {
    const a = await withSilver(1_000);
    const b = await approvedCustomer(t);
    const c = await approvedCustomer(t);
    const res = await call(a, 'POST', '/silver-transfer', {
      verificationCode: '123456',
      receiver_id: c.id,
      receiver_email: b.email,
      quantity_grams: '1',
    });
    expect([res.statusCode, res.json().message]).toEqual([422, MESSAGES.transferReceiverChanged]);
  });
});

describe('a transfer to an account', () => {
  it('moves the grams at once, free of charge; both see it; the receipt is a PDF for them only', async () => {
    const a = await withSilver(10_000, 'Ana Remetente Souza');
    const b = await approvedCustomer(t, { name: 'Bruno Carvalho Lima' });
    const stranger = await approvedCustomer(t);
    const code = await codeFor(a, '2,5', b.email);
    const mail = (await outboxFor(t.database, a.email))[0]!;
    expect(mail.textBody).toContain(`2,50 g de prata para ${b.email}`);
    const headers = { 'idempotency-key': `transfer-${a.id}-1` };
    const body = {
      verificationCode: code,
      receiver_id: b.id,
      receiver_email: b.email,
      receiver_cpf: '',
      quantity_grams: '2,5',
      message: 'Presente de aniversário',
    };
    const res = await call(a, 'POST', '/silver-transfer', body, headers);
    expect(res.statusCode, res.body).toBe(201);
    const { transfer, message } = res.json();
    expect(message).toBe(MESSAGES.transferCompleted);
    expect(transfer).toMatchObject({
      direction: 'sent',
      receiver: { id: b.id, name: 'Bruno L.', email: b.email },
      receiver_email: b.email,
      quantity_grams: 2.5,
      status: 'completed',
      status_label: 'Realizada',
      message: 'Presente de aniversário',
      cancellable: false,
    });
    // the same Idempotency-Key replays the answer; nothing moves twice
    const again = await call(a, 'POST', '/silver-transfer', body, headers);
    expect([again.statusCode, again.json().transfer.id, again.headers['idempotent-replayed']]).toEqual([
      201,
      transfer.id,
      'true',
    ]);
    expect([await ag(a.id), await ag(b.id)]).toEqual([9_750, 250]);
    // the receiver is told, with the sender's short name
    const notice = (await outboxFor(t.database, b.email))[0]!;
    expect(notice.textBody).toContain('Ana S. transferiu 2,50 g de prata para você');

    const sent = (await call(a, 'GET', '/silver-transfers')).json().silverTransfers;
    expect(sent.total).toBe(1);
    expect(sent.data[0]).toMatchObject({ id: transfer.id, direction: 'sent' });
    const received = (await call(b, 'GET', '/silver-transfers?page=1')).json().silverTransfers;
    expect(received.data[0]).toMatchObject({
      id: transfer.id,
      direction: 'received',
      sender: { name: 'Ana S.' },
      receiver: null,
      receiver_email: null,
    });
    expect(JSON.stringify(received)).not.toContain(a.email);

    for (const reader of [a, b]) {
      const pdf = await call(reader, 'GET', `/silver-transfer/${transfer.id}/receipt`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="comprovante-transferencia-\d+\.pdf"/);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const [stored] = await t.database.db.select().from(silverTransfers).where(eq(silverTransfers.id, transfer.id));
    const printed = pdfText((await call(a, 'GET', `/silver-transfer/${transfer.id}/receipt`)).rawPayload);
    for (const text of [
      'Comprovante de transferência de prata',
      String(transfer.id),
      '2,50 g',
      'Ana Remetente Souza',
      'Bruno L.',
      b.email,
      'Realizada',
      'Presente de aniversário',
      stored!.checkCode.replace(/(.{4})(?=.)/g, '$1-'),
    ])
      expect(printed, text).toContain(text);
    expect(printed).not.toContain(b.cpf);
    // another customer's transfer: 404 on the receipt and on the cancel
    for (const [method, url] of [
      ['GET', `/silver-transfer/${transfer.id}/receipt`],
      ['PUT', `/silver-transfer/${transfer.id}/cancel`],
    ] as const) {
      const res404 = await call(stranger, method, url);
      expect([res404.statusCode, res404.json().code]).toEqual([404, 'NOT_FOUND']);
    }
    expect((await call(b, 'PUT', `/silver-transfer/${transfer.id}/cancel`)).statusCode).toBe(404);
    const done = await call(a, 'PUT', `/silver-transfer/${transfer.id}/cancel`);
    expect([done.statusCode, done.json().code]).toEqual([409, 'SILVER_TRANSFER_NOT_CANCELLABLE']);
    expect((await call(a, 'GET', '/silver-transfer/987654/receipt')).statusCode).toBe(404);
  });
});

describe('a transfer to an e-mail with no account', () => {
  async function sendToNewcomer(a: Sender, email: string, cpf: string, quantity = '3') {
    const code = await codeFor(a, quantity, email);
    const res = await call(a, 'POST', '/silver-transfer', {
      verificationCode: code,
      receiver_id: null,
      receiver_email: email,
      receiver_cpf: cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4'),
      quantity_grams: quantity,
      message: null,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const unclaimed = () => balanceOf(t.database.db, { system: 'transfer:unclaimed' }, 'AG');

  it('waits in transfer:unclaimed; claimed when that e-mail and that CPF are approved', async () => {
    const a = await withSilver(1_000);
    seq += 1;
    const email = `convidada${seq}@exemplo.com.br`;
    const cpf = freshCpf();
    const before = await unclaimed();
    const { transfer, message } = await sendToNewcomer(a, email, cpf);
    expect(message).toBe(MESSAGES.transferPending);
    expect(transfer).toMatchObject({
      status: 'pending',
      status_label: 'Aguardando cadastro',
      receiver: { id: null, name: null, email },
      cancellable: true,
    });
    expect(new Date(transfer.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(await ag(a.id)).toBe(700);
    expect((await unclaimed()) - before).toBe(300);
    const invitation = (await outboxFor(t.database, email))[0]!;
    expect(invitation.textBody).toContain('Ana S. transferiu 3,00 g de prata para este e-mail');
    expect(invitation.textBody).not.toContain(a.email);

    // the person registers with that e-mail and that CPF; an operator approves the registration
    const newcomer = await createCustomer(t, { email, name: 'Joana Ribeiro' });
    await completeIndividual(t, newcomer, cpf);
    expect(await ag(newcomer.id)).toBe(0);
    const operator = await staffMember(t, ['compliance'], 'Cora Compliance');
    const approved = await call(operator, 'POST', `/admin/customers/${newcomer.id}/review`, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await ag(newcomer.id)).toBe(300);
    expect((await unclaimed()) - before).toBe(0);
    const [row] = await t.database.db.select().from(silverTransfers).where(eq(silverTransfers.id, transfer.id));
    expect([row!.status, row!.receiverId]).toEqual(['completed', newcomer.id]);
    const history = (await call(newcomer, 'GET', '/silver-transfers')).json().silverTransfers.data;
    expect(history[0]).toMatchObject({ id: transfer.id, direction: 'received', status: 'completed' });
    expect((await outboxFor(t.database, a.email))[0]!.textBody).toContain(`${email} concluiu o cadastro`);
  });

  it('another CPF claims nothing: it stays pending and expires back to the sender after the period', async () => {
    const a = await withSilver(1_000);
    seq += 1;
    const email = `outra${seq}@exemplo.com.br`;
    const before = await unclaimed();
    const { transfer } = await sendToNewcomer(a, email, freshCpf(), '4');
    const someone = await createCustomer(t, { email });
    await completeIndividual(t, someone, freshCpf());
    const operator = await staffMember(t, ['compliance'], 'Cora Compliance');
    await call(operator, 'POST', `/admin/customers/${someone.id}/review`, { decision: 'approve' });
    expect(await ag(someone.id)).toBe(0);
    expect(await ag(a.id)).toBe(600);

    expect(await expireUnclaimedTransfers(t.app.deps)).toBe(0);
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await expireUnclaimedTransfers(t.app.deps, later)).toBeGreaterThanOrEqual(1);
    expect(await expireUnclaimedTransfers(t.app.deps, later)).toBe(0);
    expect(await ag(a.id)).toBe(1_000);
    expect((await unclaimed()) - before).toBe(0);
    const row = (await call(a, 'GET', '/silver-transfers')).json().silverTransfers.data[0];
    expect(row).toMatchObject({ id: transfer.id, status: 'expired', cancellable: false, expires_at: null });
    expect((await outboxFor(t.database, a.email))[0]!.textBody).toContain('não concluiu o cadastro a tempo');
  });

  it('the sender cancels while it waits: the grams come back; twice is refused; nobody else may', async () => {
    const a = await withSilver(1_000);
    const stranger = await approvedCustomer(t);
    seq += 1;
    const { transfer } = await sendToNewcomer(a, `cancelada${seq}@exemplo.com.br`, freshCpf(), '2');
    expect(await ag(a.id)).toBe(800);
    const other = await call(stranger, 'PUT', `/silver-transfer/${transfer.id}/cancel`);
    expect(other.statusCode).toBe(404);
    const res = await call(a, 'PUT', `/silver-transfer/${transfer.id}/cancel`, undefined, {
      'idempotency-key': `cancel-${transfer.id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Transferência de prata cancelada',
      transfer: { id: transfer.id, status: 'cancelled', status_label: 'Cancelado', cancellable: false },
    });
    expect(await ag(a.id)).toBe(1_000);
    const twice = await call(a, 'PUT', `/silver-transfer/${transfer.id}/cancel`);
    expect([twice.statusCode, twice.json().code]).toEqual([409, 'SILVER_TRANSFER_NOT_CANCELLABLE']);
    expect(await ag(a.id)).toBe(1_000);
  });

  it('the sender cannot close the account while a transfer waits (the grams may come back to it)', async () => {
    const a = await withSilver(200);
    seq += 1;
    const { transfer } = await sendToNewcomer(a, `fechando${seq}@exemplo.com.br`, freshCpf(), '2');
    expect(await ag(a.id)).toBe(0);
    const refused = await call(a, 'PUT', '/user/close-account');
    expect([refused.statusCode, refused.json().code, refused.json().message]).toEqual([
      422,
      'ACCOUNT_HAS_BALANCE',
      MESSAGES.closeAccountHasPending,
    ]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, a.id));
    expect(row!.closedAt).toBeNull();
    // nothing was closed in the ledger either: the expiry gives the grams back
    const later = new Date(Date.now() + 31 * 86_400_000);
    expect(await expireUnclaimedTransfers(t.app.deps, later)).toBeGreaterThanOrEqual(1);
    expect(await ag(a.id)).toBe(200);
    const rows = (await call(a, 'GET', '/silver-transfers')).json().silverTransfers.data;
    expect(rows.find((r: { id: number }) => r.id === transfer.id)).toMatchObject({ status: 'expired' });
  });
});

describe('the back office', () => {
  it('lists with a status filter and a search; verifies a receipt by its check code (audited)', async () => {
    const a = await withSilver(1_000, 'Vera Verificada Alves');
    const b = await approvedCustomer(t);
    const code = await codeFor(a, '1', b.email);
    const created = (
      await call(a, 'POST', '/silver-transfer', {
        verificationCode: code,
        receiver_id: b.id,
        receiver_email: b.email,
        quantity_grams: '1',
      })
    ).json().transfer;
    const support = await staffMember(t, ['support'], 'Sara Suporte');
    const list = await call(
      support,
      'GET',
      `/admin/silver-transfers?status=completed&q=${encodeURIComponent(a.email)}`,
    );
    expect(list.statusCode, list.body).toBe(200);
    // (once seen empty in a full CI run, not since: the message says what the transfer and the list were)
    expect(list.json().data, `transfer ${JSON.stringify(created)}; list ${list.body}`).toHaveLength(1);
    const row = list.json().data[0];
    expect(row).toMatchObject({
      id: created.id,
      sender: { id: a.id, email: a.email, name: 'Vera Verificada Alves' },
      receiver: { id: b.id, email: b.email },
      status: 'completed',
    });
    expect(row.check_code).toMatch(/^[2-9A-Z]{12}$/);
    expect(typeof list.json().unclaimed_grams).toBe('number');
    const pending = await call(support, 'GET', '/admin/silver-transfers?status=pending&q=ninguem-mesmo');
    expect(pending.json().total).toBe(0);

    const spaced = `${row.check_code.slice(0, 4)}-${row.check_code.slice(4, 8)} ${row.check_code.slice(8).toLowerCase()}`;
    const checked = await call(support, 'GET', `/admin/silver-transfers/check/${encodeURIComponent(spaced)}`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().transfer.id).toBe(created.id);
    const unknown = await call(support, 'GET', '/admin/silver-transfers/check/ABCDEFGHJKMN');
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, MESSAGES.transferCheckCodeUnknown]);
    const malformed = await call(support, 'GET', '/admin/silver-transfers/check/123');
    expect([malformed.statusCode, malformed.json().message]).toEqual([422, MESSAGES.transferCheckCodeInvalid]);
    const customer = await call(a, 'GET', '/admin/silver-transfers');
    expect([customer.statusCode, customer.json().code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('the ledger', () => {
  it('reconciles, and transfer:unclaimed equals the pending transfers', async () => {
    expect((await reconcile(t.database.db)).problems).toEqual([]);
    const pending = await t.database.db.select().from(silverTransfers).where(eq(silverTransfers.status, 'pending'));
    const sum = pending.reduce((s, r) => s + r.quantityCg, 0);
    expect(await balanceOf(t.database.db, { system: 'transfer:unclaimed' }, 'AG')).toBe(sum);
  });

  it('a transfer:unclaimed that disagrees with the pending transfers is reported', async () => {
    const check = await buildTestApp();
    const a = await approvedCustomer(check);
    await post(check.database.db, {
      id: `test:unclaimed:${a.id}`,
      debit: { system: 'vault' },
      credit: { system: 'transfer:unclaimed' },
      currency: 'AG',
      amount: 100,
      code: 'test.unclaimed',
    });
    const { problems } = await reconcile(check.database.db);
    expect(problems).toContain('transfer:unclaimed tem 100 cg, mas as transferências pendentes somam 0 cg');
    // put it back so the file's own reconciliation stays clean
    await post(check.database.db, {
      id: `test:unclaimed:${a.id}:back`,
      debit: { system: 'transfer:unclaimed' },
      credit: { system: 'vault' },
      currency: 'AG',
      amount: 100,
      code: 'test.unclaimed',
    });
    expect((await reconcile(check.database.db)).problems).toEqual([]);
  });
});

describe('a company on either side of a transfer', () => {
  /** A company's account, held by `holder`: the company's data as /register/finish stores it. */
  async function companyAccount(holder: string, cnpj: string, razaoSocial: string, nomeFantasia: string | null) {
    const c = await approvedCustomer(t, { name: holder });
    await t.database.db.update(users).set({ accountType: 'company' }).where(eq(users.id, c.id));
    await t.database.db.insert(companies).values({
      userId: c.id,
      cnpj,
      razaoSocial,
      nomeFantasia,
      celular: '11987654321',
      email: c.email,
      cnaePrincipal: '4783101',
      regimeTributario: 'simples',
    });
    return c;
  }

  it("is named by the company's name (trade name, else legal name), never its holder's first name", async () => {
    const a = await withSilver(10_000);
    const b = await companyAccount('Carlos Pereira', '11222333000181', 'Aurora Joias Comércio Ltda', 'Aurora Joias');
    const found = await call(a, 'POST', '/silver-transfer/check-receiver', { email: b.email });
    expect(found.json().receiver).toEqual({ id: b.id, name: 'Aurora Joias' });

    const code = await codeFor(a, 1, b.email);
    const res = await call(a, 'POST', '/silver-transfer', {
      verificationCode: code,
      receiver_id: b.id,
      receiver_email: b.email,
      quantity_grams: 1,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().transfer.id;
    const sent = (await call(a, 'GET', '/silver-transfers')).json().silverTransfers.data;
    expect(sent.find((row: { id: number }) => row.id === id).receiver.name).toBe('Aurora Joias');
    expect(pdfText((await call(a, 'GET', `/silver-transfer/${id}/receipt`)).rawPayload)).toContain('Aurora Joias');
    expect(JSON.stringify(sent)).not.toContain('Carlos');

    // a company without a trade name goes by its legal name, as a sender too
    const c = await companyAccount('Rita Souza', '11444777000161', 'Prado Metais Ltda', null);
    await post(t.database.db, {
      id: `test:transfer-ag:${c.id}:company`,
      debit: { system: 'vault' },
      credit: { customer: c.id, bucket: 'available' },
      currency: 'AG',
      amount: 500,
      code: 'test.silver',
    });
    const fromCompany = await call(c, 'POST', '/silver-transfer', {
      verificationCode: await codeFor(c, 1, a.email),
      receiver_id: a.id,
      receiver_email: a.email,
      quantity_grams: 1,
    });
    expect(fromCompany.statusCode, fromCompany.body).toBe(201);
    const received = (await call(a, 'GET', '/silver-transfers')).json().silverTransfers.data;
    expect(received.find((row: { direction: string }) => row.direction === 'received').sender.name).toBe(
      'Prado Metais Ltda',
    );
    expect((await outboxFor(t.database, a.email))[0]!.textBody).toContain('Prado Metais Ltda transferiu 1,00 g');
  });
});
