import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { users } from '@/db/schema/index';
import { LIMITS } from '@/limits';
import { hashPassword } from '@/lib/passwords';
import { buildTestApp, outboxFor, type TestApp } from '../../../test/helpers';

// Behind the proxy the operator named (TRUST_PROXY), X-Forwarded-For is the client: each client is one address.
const behindProxy = () => buildTestApp({ config: { trustProxy: ['127.0.0.1'] } });
const from = (client: string) => ({ 'x-forwarded-for': client });

async function seedAccounts(t: TestApp, prefix: string, count: number): Promise<string[]> {
  const passwordHash = await hashPassword('senha-de-verdade-1');
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}.${Date.now()}@exemplo.com.br`);
  await t.database.db
    .insert(users)
    .values(emails.map((email) => ({ name: 'Cliente', email, passwordHash, accountType: 'individual' as const })));
  return emails;
}

const askReset = (t: TestApp, email: string, client: string) =>
  t.app.inject({ method: 'POST', url: '/api/password/email', payload: { email }, headers: from(client) });

const registration = (email: string) => ({
  name: 'Pessoa Sondando',
  email,
  email_confirmation: email,
  password: 'senha-forte-123',
  password_confirmation: 'senha-forte-123',
});

const register = (t: TestApp, email: string, client: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/register',
    payload: registration(email),
    headers: { ...from(client), ...headers },
  });

const accountsWith = async (t: TestApp, email: string) =>
  (
    await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email))
  ).length;

describe('password-reset e-mails per client', () => {
  it('one client cannot mail forty strangers: past its distinct e-mails it gets 429 and nothing is sent', async () => {
    const t = await behindProxy();
    const max = LIMITS.resetDestinationsAddress.max;
    const emails = await seedAccounts(t, 'estranho', 40);
    const statuses: number[] = [];
    for (const email of emails) statuses.push((await askReset(t, email, '203.0.113.66')).statusCode);
    expect(statuses.slice(0, max).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(max).every((s) => s === 429)).toBe(true);

    const refused = await askReset(t, emails[39]!, '203.0.113.66');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Only the first `max` strangers got a link.
    for (const [i, email] of emails.entries())
      expect((await outboxFor(t.database, email)).length).toBe(i < max ? 1 : 0);

    // Another client (another customer behind another address) still gets a link for an e-mail of its own.
    expect((await askReset(t, emails[39]!, '198.51.100.8')).statusCode).toBe(200);
    expect((await outboxFor(t.database, emails[39]!)).length).toBe(1);
  });

  it('the same person asking again for their own e-mail is governed by the per-destination limit only', async () => {
    const t = await behindProxy();
    const [own] = await seedAccounts(t, 'propria', 1);
    // The client already used up its distinct e-mails on others first (a carrier address shared with an attacker).
    const others = await seedAccounts(t, 'outra', LIMITS.resetDestinationsAddress.max - 1);
    expect((await askReset(t, own!, '100.64.7.7')).statusCode).toBe(200);
    for (const email of others) expect((await askReset(t, email, '100.64.7.7')).statusCode).toBe(200);
    const statuses: number[] = [];
    for (let i = 1; i < LIMITS.messagesDestination.max + 2; i++)
      statuses.push((await askReset(t, own!, '100.64.7.7')).statusCode);
    // Asked once above, then again until the e-mail's own limit (10 an hour), never stopped by the distinct count.
    expect(statuses.slice(0, LIMITS.messagesDestination.max - 1).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(LIMITS.messagesDestination.max - 1)).toEqual([429, 429]);
    expect((await outboxFor(t.database, own!)).length).toBe(LIMITS.messagesDestination.max);
  });
});

describe('registration attempts on taken e-mails per client', () => {
  it('one client probing which e-mails exist is stopped; the refusal covers any e-mail; another client passes', async () => {
    const t = await behindProxy();
    const max = LIMITS.registerTakenAddress.max;
    const taken = await seedAccounts(t, 'existe', 14);
    const statuses: number[] = [];
    for (const email of taken) statuses.push((await register(t, email, '203.0.113.77')).statusCode);
    expect(statuses.slice(0, max).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(max).every((s) => s === 429)).toBe(true);

    // Past the limit even a free e-mail is refused, so the 429 says nothing about whether an e-mail has an account.
    const fresh = `livre.${Date.now()}@exemplo.com.br`;
    const refused = await register(t, fresh, '203.0.113.77');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.tooManyRequests });
    expect(await accountsWith(t, fresh)).toBe(0);
    expect(await outboxFor(t.database, fresh)).toEqual([]);

    // Someone else, at another address, registers and is told when an e-mail is taken.
    expect((await register(t, fresh, '198.51.100.9')).statusCode).toBe(201);
    expect((await register(t, taken[13]!, '198.51.100.9')).json().code).toBe('EMAIL_TAKEN');
  });

  it('taken e-mails sent all at once get no more answers than the limit', async () => {
    const t = await behindProxy();
    const max = LIMITS.registerTakenAddress.max;
    const taken = await seedAccounts(t, 'rajada', max + 5);
    const answers = await Promise.all(taken.map((email) => register(t, email, '203.0.113.78')));
    const codes = answers.map((a) => a.json().code);
    expect(codes.filter((c) => c === 'EMAIL_TAKEN')).toHaveLength(max);
    expect(codes.filter((c) => c === 'RATE_LIMITED')).toHaveLength(5);
  });

  it('the same taken e-mail tried again (a person who forgot they have an account) counts once', async () => {
    const t = await behindProxy();
    const [mine] = await seedAccounts(t, 'esqueci', 1);
    for (let i = 0; i < LIMITS.registerTakenAddress.max + 5; i++)
      expect((await register(t, mine!, '100.64.9.9')).json().code).toBe('EMAIL_TAKEN');
    expect((await register(t, `nova.${Date.now()}@exemplo.com.br`, '100.64.9.9')).statusCode).toBe(201);
  });
});

describe('POST /api/register with an Idempotency-Key', () => {
  it('the same key twice (a double click on "Criar conta") creates one account and answers the same', async () => {
    const t = await behindProxy();
    const email = `duplo.${Date.now()}@exemplo.com.br`;
    const key = { 'idempotency-key': 'criar-conta-chave-1' };
    const [first, second] = [
      await register(t, email, '203.0.113.5', key),
      await register(t, email, '203.0.113.5', key),
    ];
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await accountsWith(t, email)).toBe(1);
    expect((await outboxFor(t.database, email)).length).toBe(1);
    // The replay is not a probe of a taken e-mail.
    expect(first.json().message).toBe(MESSAGES.registered);
  });

  it('a reset request and a verification resend sent twice with one key send one e-mail each', async () => {
    const t = await behindProxy();
    const [email] = await seedAccounts(t, 'chave', 1);
    const key = { 'idempotency-key': 'enviar-link-chave-1' };
    for (let i = 0; i < 2; i++)
      await t.app.inject({ method: 'POST', url: '/api/password/email', payload: { email }, headers: key });
    expect((await outboxFor(t.database, email!)).length).toBe(1);
    const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email!));
    const resend = { 'idempotency-key': 'reenviar-link-chave-1' };
    for (let i = 0; i < 2; i++)
      await t.app.inject({ method: 'GET', url: `/api/register/verify/${row!.id}`, headers: resend });
    expect((await outboxFor(t.database, email!)).length).toBe(2);
  });

  it('two requests with one key at the same time create one account; neither says the e-mail is taken', async () => {
    const t = await behindProxy();
    const email = `simultaneo.${Date.now()}@exemplo.com.br`;
    const key = { 'idempotency-key': 'criar-conta-chave-2' };
    const answers = await Promise.all([register(t, email, '203.0.113.6', key), register(t, email, '203.0.113.6', key)]);
    expect(answers.map((a) => a.json().code)).not.toContain('EMAIL_TAKEN');
    expect(answers.some((a) => a.statusCode === 201)).toBe(true);
    expect(await accountsWith(t, email)).toBe(1);
  });
});
