import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TicketsResponse } from '@prata/domain';
import { loadConfig } from '@/config';
import { tickets, verificationCodes } from '@/db/schema/index';
import { bearer, buildTestApp, createCustomer, latestCode, outboxFor, type TestApp } from '../../../test/helpers';
import { fields, form, PDF, withSupportData } from './test-helpers';

let t: TestApp;
let ids: Awaited<ReturnType<typeof withSupportData>>;
let seq = 0;
const defaults = loadConfig({ NODE_ENV: 'test' } as NodeJS.ProcessEnv);

beforeAll(async () => {
  t = await buildTestApp({ config: { windows: { ...defaults.windows, codeResendSeconds: 1 } } });
  ids = await withSupportData(t);
});

// each visitor arrives from an address of its own (the per-address limits stay out of the way)
const visitorIp = () => `10.77.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;

const sendCode = (email: string, ip = visitorIp()) =>
  t.app.inject({ method: 'POST', url: '/api/ticket/send-verification-code', remoteAddress: ip, payload: { email } });
const verify = (email: string, code: string, ip = visitorIp()) =>
  t.app.inject({ method: 'POST', url: '/api/ticket/verify-code', remoteAddress: ip, payload: { email, code } });
const submit = (email: string, token: string | undefined, extra: Parameters<typeof form>[0] = []) => {
  const body = form([
    ...fields({
      email,
      category_id: ids.categoryId,
      subcategory_id: ids.subcategoryId,
      subject: 'Não consigo entrar',
      description: 'Esqueci qual e-mail usei no cadastro.',
      ...(token === undefined ? {} : { verification_token: token }),
    }),
    ...extra,
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/ticket/visitor',
    remoteAddress: visitorIp(),
    headers: body.headers,
    payload: body.payload,
  });
};

async function proof(email: string): Promise<string> {
  expect((await sendCode(email)).statusCode).toBe(200);
  const res = await verify(email, await latestCode(t.database, email));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().verification_token;
}

describe('the visitor e-mail check', () => {
  it("sends a code to the e-mail through the outbox; the spec's messages for a missing or bad e-mail", async () => {
    const res = await sendCode('Visitante.Um@Exemplo.com.br');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: MESSAGES.ticketCodeSent,
      resendAfterSeconds: 1,
      validForSeconds: t.config.windows.codeTtlSeconds,
    });
    const [mail] = await outboxFor(t.database, 'visitante.um@exemplo.com.br');
    expect(mail?.subject).toMatch(/^Código para abrir seu ticket: \d{6}$/);
    const missing = await sendCode('');
    expect([missing.statusCode, missing.json().message]).toEqual([422, 'Informe seu e-mail']);
    const bad = await sendCode('visitante@');
    expect([bad.statusCode, bad.json().message]).toEqual([422, 'Informe um e-mail válido']);
    const noCode = await verify('visitante.um@exemplo.com.br', '');
    expect([noCode.statusCode, noCode.json().message]).toEqual([422, 'Informe o código']);
  });

  it('a wrong code is refused (422 CODE_INVALID), dies after 5 tries, and opens nothing', async () => {
    const email = 'errou.codigo@exemplo.com.br';
    await sendCode(email);
    const right = await latestCode(t.database, email);
    const wrong = right === '000000' ? '111111' : '000000';
    const first = await verify(email, wrong);
    expect([first.statusCode, first.json().code]).toEqual([422, 'CODE_INVALID']);
    for (let i = 0; i < 3; i++) await verify(email, wrong);
    const fifth = await verify(email, wrong);
    expect(fifth.json().code).toBe('CODE_TOO_MANY_ATTEMPTS');
    const late = await verify(email, right);
    expect([late.statusCode, late.json().code]).toEqual([422, 'CODE_EXPIRED']);
  });

  it('the resend waits CODE_RESEND_SECONDS (429 CODE_RESEND_WAIT)', async () => {
    const email = 'pressa@exemplo.com.br';
    expect((await sendCode(email)).statusCode).toBe(200);
    const again = await sendCode(email);
    expect([again.statusCode, again.json().code]).toEqual([429, 'CODE_RESEND_WAIT']);
  });
});

describe('POST /api/ticket/visitor', () => {
  it('is refused (403 TICKET_EMAIL_NOT_VERIFIED) without a verified code for that e-mail, and writes nothing', async () => {
    const before = (await t.database.db.select().from(tickets)).length;
    const token = await proof('dono@exemplo.com.br');
    for (const [email, tok] of [
      ['outro@exemplo.com.br', token], // a proof of another e-mail
      ['dono@exemplo.com.br', 'inventado'], // a made-up proof
    ] as const) {
      const res = await submit(email, tok);
      expect([res.statusCode, res.json().code, res.json().message]).toEqual([
        403,
        'TICKET_EMAIL_NOT_VERIFIED',
        MESSAGES.ticketEmailNotVerified,
      ]);
    }
    const none = await submit('dono@exemplo.com.br', undefined);
    expect([none.statusCode, none.json().message]).toEqual([422, MESSAGES.ticketEmailNotVerified]);
    expect((await t.database.db.select().from(tickets)).length).toBe(before);
  });

  it('opens one ticket per proof; the ticket waits for whoever signs in with that e-mail', async () => {
    const email = `futuro.${Date.now()}@exemplo.com.br`;
    const token = await proof(email);
    const res = await submit(email, token, [
      { name: 'attachments[]', filename: 'print.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(MESSAGES.visitorTicketCreated);
    const id = res.json().ticket.id;
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, id));
    expect(row).toMatchObject({ userId: null, email, visitor: true, status: 'pending' });
    const twice = await submit(email, token);
    expect(twice.statusCode).toBe(403);

    // the visitor registers later with that e-mail: the ticket is theirs; nobody else sees it
    const customer = await createCustomer(t, { email });
    const list = TicketsResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/tickets', headers: bearer(customer.token) })).json(),
    );
    expect(list.tickets.data.map((r) => r.id)).toEqual([id]);
    const details = await t.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: bearer(customer.token) });
    expect(details.json().ticket.attachments).toHaveLength(1);
    const stranger = await createCustomer(t);
    const other = await t.app.inject({ method: 'GET', url: `/api/ticket/${id}`, headers: bearer(stranger.token) });
    expect(other.statusCode).toBe(404);
  });

  it("a visitor whose e-mail has an account: the ticket is the account's at once", async () => {
    const customer = await createCustomer(t);
    const res = await submit(customer.email, await proof(customer.email));
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, res.json().ticket.id));
    expect(row!.userId).toBe(customer.id);
  });

  it("answers the form's messages like the customer's form", async () => {
    const email = 'campos@exemplo.com.br';
    const body = form(fields({ email, verification_token: await proof(email), category_id: '', subcategory_id: '' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ticket/visitor',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      category_id: ['Selecione um item da lista'],
      subject: ['Informe o assunto'],
      description: ['Descreva sua mensagem'],
    });
  });
});

describe('visitor rate limits, keyed on the e-mail first', () => {
  it('codes to one e-mail stop at LIMIT_MESSAGES_DESTINATION, from any address', async () => {
    const limited = await buildTestApp({
      database: t.database,
      config: {
        limits: { ...defaults.limits, messagesDestination: { max: 2, windowSeconds: 3600 } },
        windows: { ...defaults.windows, codeResendSeconds: 0 },
      },
    });
    const email = 'muitos.codigos@exemplo.com.br';
    const ask = (ip: string) =>
      limited.app.inject({
        method: 'POST',
        url: '/api/ticket/send-verification-code',
        remoteAddress: ip,
        payload: { email },
      });
    expect((await ask('10.1.1.1')).statusCode).toBe(200);
    expect((await ask('10.1.1.2')).statusCode).toBe(200);
    const third = await ask('10.1.1.3');
    expect([third.statusCode, third.json().code]).toEqual([429, 'RATE_LIMITED']);
    await limited.app.close();
  });

  it('tickets of one e-mail stop at LIMIT_TICKETS_ACCOUNT', async () => {
    const limited = await buildTestApp({
      database: t.database,
      config: { limits: { ...t.config.limits, ticketsAccount: { max: 1, windowSeconds: 3600 } } },
    });
    const email = 'um.so@exemplo.com.br';
    const send = async (token: string) => {
      const body = form(
        fields({
          email,
          verification_token: token,
          category_id: ids.categoryId,
          subcategory_id: ids.subcategoryId,
          subject: 'Olá',
          description: 'Teste',
        }),
      );
      return limited.app.inject({
        method: 'POST',
        url: '/api/ticket/visitor',
        headers: body.headers,
        payload: body.payload,
      });
    };
    expect((await send(await proof(email))).statusCode).toBe(201);
    // the resend window has passed (the code moved back in time, not waited for)
    await t.database.db
      .update(verificationCodes)
      .set({ createdAt: new Date(Date.now() - 1100) })
      .where(eq(verificationCodes.subject, email));
    const second = await send(await proof(email));
    expect([second.statusCode, second.json().code]).toEqual([429, 'RATE_LIMITED']);
    await limited.app.close();
  });
});
