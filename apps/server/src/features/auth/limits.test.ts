import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { loadConfig } from '@/config';
import { users, verificationCodes } from '@/db/schema/index';
import { ENV_NAMES } from '@/config';
import { LIMITS, parseLimit, WINDOWS } from '@/limits';
import { hashPassword } from '@/lib/passwords';
import { buildTestApp, createCustomer, latestLink, outboxFor, type TestApp } from '../../../test/helpers';

const login = (t: TestApp, email: string, password: string, headers: Record<string, string> = {}, ip = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, headers, remoteAddress: ip });

const signinLocked = (minutes: number) => MESSAGES.signinAccountLocked(minutes);

describe('sign-in limits', () => {
  it('counts wrong passwords per account across 20 addresses; the owner still gets in through the password reset', async () => {
    // Behind a proxy the operator named, X-Forwarded-For is the client: twenty addresses are simulated that way.
    const t = await buildTestApp({ config: { trustProxy: ['127.0.0.1'] } });
    const c = await createCustomer(t);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await login(t, c.email, `errada-${i}`, { 'x-forwarded-for': `203.0.113.${i + 1}` });
      statuses.push(res.statusCode);
    }
    // Ten tries in all, not ten per address.
    expect(statuses.slice(0, 10).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
    const locked = await login(t, c.email, c.password, { 'x-forwarded-for': '198.51.100.7' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe(signinLocked(15));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);

    // The owner asks for a reset link (not blocked by the sign-in limit) and sets a new password.
    const asked = await t.app.inject({ method: 'POST', url: '/api/password/email', payload: { email: c.email } });
    expect(asked.statusCode).toBe(200);
    const link = await latestLink(t.database, c.email, '/password/reset/');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/password/reset',
      payload: {
        token: link.pathname.split('/').pop(),
        email: c.email,
        password: 'nova-senha-123',
        password_confirmation: 'nova-senha-123',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(t, c.email, 'nova-senha-123')).statusCode).toBe(200);
  });

  it('passwords sent all at once: no more are read than the account allows, the right one included', async () => {
    const t = await buildTestApp();
    const c = await createCustomer(t);
    const max = LIMITS.signinAccount.max;
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => login(t, c.email, i === 24 ? c.password : `errada-${i}`)),
    );
    const statuses = answers.map((a) => a.statusCode);
    // each request takes a try before its password is read: ten are read, fifteen wait, whichever is right
    expect(statuses.filter((s) => s === 422 || s === 200)).toHaveLength(max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25 - max);
    if (!statuses.includes(200)) expect((await login(t, c.email, c.password)).statusCode).toBe(429);
  });

  it('a right password clears the account count, so a customer who mistypes now and then is never locked out', async () => {
    const t = await buildTestApp();
    const c = await createCustomer(t);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) expect((await login(t, c.email, 'errada')).statusCode).toBe(422);
      expect((await login(t, c.email, c.password)).statusCode).toBe(200);
    }
  });

  it('limits one address spraying passwords over 50 accounts, and other addresses are not affected', async () => {
    const t = await buildTestApp();
    const passwordHash = await hashPassword('senha-de-verdade-1');
    const emails = Array.from({ length: 50 }, (_, i) => `spray${i}.${Date.now()}@exemplo.com.br`);
    await t.database.db
      .insert(users)
      .values(emails.map((email) => ({ name: 'Cliente', email, passwordHash, accountType: 'individual' as const })));
    const statuses: number[] = [];
    for (const email of emails) statuses.push((await login(t, email, 'Senha123!', {}, '198.51.100.20')).statusCode);
    const max = LIMITS.signinAddress.max;
    expect(statuses.slice(0, max).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(max).every((s) => s === 429)).toBe(true);
    // Each account itself was tried once: from another address its owner signs in.
    expect((await login(t, emails[49]!, 'senha-de-verdade-1', {}, '198.51.100.21')).statusCode).toBe(200);
  });

  it('with TRUST_PROXY unset, a forged X-Forwarded-For changes neither request.ip nor the key of any limit', async () => {
    const t = await buildTestApp();
    expect(t.config.trustProxy).toBe(false);
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.signinAddress.max + 2; i++) {
      const res = await login(t, `ninguem${i}@exemplo.com`, 'x', { 'x-forwarded-for': `10.9.${i}.1` }, '192.0.2.10');
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(-2)).toEqual([429, 429]);
  });

  it('counts wrong codes per account from any address', async () => {
    const t = await buildTestApp({ config: { trustProxy: 1 } });
    const c = await createCustomer(t);
    await t.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 61_000) });
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.codeAccount.max + 2; i++) {
      // A new code now and then, so the per-code limit (5 misses) is not what stops the guessing.
      if (i % 4 === 0) {
        await t.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 61_000) });
        await t.app.inject({
          method: 'POST',
          url: '/api/login/verification-method',
          payload: { email: c.email, password: c.password, verificationMethod: 'email' },
          headers: { 'x-forwarded-for': '203.0.113.200' },
        });
      }
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login/verification-code',
        payload: { email: c.email, code: '000000' },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, LIMITS.codeAccount.max).every((s) => s === 422)).toBe(true);
    expect(statuses.slice(LIMITS.codeAccount.max)).toEqual([429, 429]);
  });
});

describe('message limits', () => {
  it('one e-mail address cannot be flooded with reset links, however many addresses ask', async () => {
    const t = await buildTestApp({ config: { trustProxy: ['127.0.0.1'] } });
    const c = await createCustomer(t);
    const before = (await outboxFor(t.database, c.email)).length;
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/password/email',
        payload: { email: c.email },
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      });
      statuses.push(res.statusCode);
    }
    // The sign-in code createCustomer asked for was one of the messages to this address.
    const max = LIMITS.messagesDestination.max - 1;
    expect(statuses.slice(0, max).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(max).every((s) => s === 429)).toBe(true);
    expect((await outboxFor(t.database, c.email)).length - before).toBe(max);
    // An e-mail with no account is counted the same way: the 429 tells nothing about who has an account.
    for (let i = 0; i < LIMITS.messagesDestination.max; i++) {
      await t.app.inject({ method: 'POST', url: '/api/password/email', payload: { email: 'nao.existe@exemplo.com' } });
    }
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/password/email',
      payload: { email: 'nao.existe@exemplo.com' },
    });
    expect(unknown.statusCode).toBe(429);
  });

  it('many people behind one address (CGNAT) can register; the per-address limit is a setting', async () => {
    const t = await buildTestApp();
    const register = (i: number, ip: string) => {
      const email = `cgnat${i}.${Date.now()}@exemplo.com.br`;
      return t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: ip,
        payload: {
          name: 'Pessoa Atrás do Mesmo IP',
          email,
          email_confirmation: email,
          password: 'senha-forte-123',
          password_confirmation: 'senha-forte-123',
        },
      });
    };
    for (let i = 0; i < 25; i++) expect((await register(i, '100.64.0.1')).statusCode).toBe(201);

    const strict = await buildTestApp({
      config: { limits: { ...t.config.limits, registerAddress: { max: 2, windowSeconds: 60 } } },
    });
    const again = (i: number) => {
      const email = `r${i}.${Date.now()}@exemplo.com.br`;
      return strict.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '100.64.0.2',
        payload: {
          name: 'Pessoa',
          email,
          email_confirmation: email,
          password: 'senha-forte-123',
          password_confirmation: 'senha-forte-123',
        },
      });
    };
    expect([(await again(1)).statusCode, (await again(2)).statusCode, (await again(3)).statusCode]).toEqual([
      201, 201, 429,
    ]);
  });
});

describe('GET /api/register/verify/{userId}', () => {
  it('answers the same for an unknown id, a verified account and an unverified one, and is limited per id', async () => {
    const t = await buildTestApp();
    const verified = await createCustomer(t);
    const email = `naoverificado.${Date.now()}@exemplo.com.br`;
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        name: 'Ana',
        email,
        email_confirmation: email,
        password: 'senha-forte-123',
        password_confirmation: 'senha-forte-123',
      },
    });
    const unverifiedId = reg.json().user.id as number;
    const answers = [];
    for (const id of [verified.id, unverifiedId, 987_654_321]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/register/verify/${id}` });
      answers.push({ status: res.statusCode, body: res.json() });
    }
    expect(answers.map((a) => JSON.stringify(a))).toEqual(Array(3).fill(JSON.stringify(answers[0])));
    expect(answers[0]).toEqual({ status: 200, body: { message: MESSAGES.verificationResent } });
    // Only the unverified account got a second link.
    expect((await outboxFor(t.database, email)).length).toBe(2);

    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.verifyResendAccount.max + 1; i++) {
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/register/verify/55555' })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('limits and windows are settings', () => {
  it('reads LIMIT_* as "max/window" and the windows as seconds, and refuses nonsense at start', () => {
    expect(parseLimit('10/15m')).toEqual({ max: 10, windowSeconds: 900 });
    expect(parseLimit('3/2h')).toEqual({ max: 3, windowSeconds: 7200 });
    expect(parseLimit('5/30')).toEqual({ max: 5, windowSeconds: 30 });
    for (const bad of ['', '0/1m', '10', '10/0s', 'x/1m', '10/15y']) expect(parseLimit(bad)).toBeNull();
    const config = loadConfig({ LIMIT_SIGNIN_ACCOUNT: '3/1m', CODE_RESEND_SECONDS: '2' });
    expect(config.limits.signinAccount).toEqual({ max: 3, windowSeconds: 60 });
    expect(config.windows.codeResendSeconds).toBe(2);
    expect(loadConfig({}).windows.codeResendSeconds).toBe(60);
    expect(() => loadConfig({ LIMIT_SIGNIN_ACCOUNT: 'muitos' })).toThrow(/LIMIT_SIGNIN_ACCOUNT/);
    expect(() => loadConfig({ CODE_RESEND_SECONDS: '-1' })).toThrow(/CODE_RESEND_SECONDS/);
  });

  it('TRUST_PROXY: off by default, a hop count or a list; "true" is refused', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.local' })).toThrow(/TRUST_PROXY/);
  });

  it('the code resend window comes from the setting, and the answer tells the screen how long to wait', async () => {
    const t = await buildTestApp({ config: { windows: { ...loadConfig({}).windows, codeResendSeconds: 1 } } });
    const c = await createCustomer(t);
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login/verification-method',
        payload: { email: c.email, password: c.password, verificationMethod: 'email' },
      });
    expect((await ask()).statusCode).toBe(429);
    await t.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 1100) });
    const res = await ask();
    expect(res.statusCode).toBe(200);
    expect(res.json().resendAfterSeconds).toBe(1);
  });

  it('docs/configuration.md lists every limit and window with its variable and default', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const doc = await readFile(path.resolve(here, '../../../../../docs/configuration.md'), 'utf8');
    for (const def of Object.values(LIMITS)) expect(doc).toContain(`| \`${def.env}\` | \`${def.max}/${def.window}\` |`);
    for (const def of Object.values(WINDOWS)) expect(doc).toContain(`| \`${def.env}\` | \`${def.default}\` |`);
    for (const name of ['TRUST_PROXY', 'PRATA_DEV_MAILBOX', 'API_DOCS']) expect(doc).toContain(`| \`${name}\` |`);
    for (const name of ['JEWELRY_URL', 'REFINING_URL', 'APP_STORE_URL', 'GOOGLE_PLAY_URL'])
      expect(doc).toContain(`| \`${name}\` | unset |`);
    const payments = ['PAYMENTS_PROVIDER', 'ASAAS_API_KEY', 'ASAAS_BASE_URL', 'ASAAS_WEBHOOK_TOKEN'];
    for (const name of [...payments, 'PIX_RECEIVING_KEY', 'PIX_MERCHANT_NAME', 'PIX_MERCHANT_CITY'])
      expect(doc).toContain(`| \`${name}\` |`);
    // and every other variable the server reads, somewhere on the page
    const named = (name: string) => doc.includes(`\`${name}\``) || doc.includes(`\`${name}=`);
    expect(ENV_NAMES.filter((name) => !named(name))).toEqual([]);
    expect(ENV_NAMES).toContain('TED_HOLDER_CNPJ');
  });
});
