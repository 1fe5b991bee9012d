import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { coupons, users } from '@/db/schema/index';
import { buildTestApp, latestLink, outboxFor, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const valid = (email = `nova${Math.random().toString(36).slice(2, 8)}@exemplo.com`) => ({
  name: 'Beatriz Souza',
  email,
  email_confirmation: email,
  password: 'prata-segura-1',
  password_confirmation: 'prata-segura-1',
  account_type: 'individual',
});

function multipart(fields: Record<string, string>) {
  const boundary = `----prata${Math.random().toString(16).slice(2)}`;
  const body = `${Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')}--${boundary}--\r\n`;
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST /api/register', () => {
  it('creates an unverified account from a multipart form and queues the verification e-mail', async () => {
    const input = valid();
    const res = await t.app.inject({ method: 'POST', url: '/api/register', ...multipart(input) });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MESSAGES.registered);
    expect(body.user).toEqual({
      id: expect.any(Number),
      name: 'Beatriz Souza',
      email: input.email,
      account_type: 'individual',
    });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row!.emailVerifiedAt).toBeNull();
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await outboxFor(t.database, input.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Confirme seu e-mail no Prata');
    const link = await latestLink(t.database, input.email, '/email/verify/');
    expect(link.pathname).toMatch(/^\/email\/verify\/[\w-]{40,}$/);
  });

  it('creates a company account with account_type company', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...valid(), account_type: 'company' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.account_type).toBe('company');
  });

  it.each([
    [{ name: '' }, 'name', MESSAGES.fullNameRequired],
    [{ email: '' }, 'email', MESSAGES.emailRequired],
    [{ email: 'sem-arroba.com' }, 'email', MESSAGES.emailInvalid],
    [{ email_confirmation: 'outro@exemplo.com' }, 'email_confirmation', MESSAGES.emailConfirmationMismatch],
    [{ password: '', password_confirmation: '' }, 'password', MESSAGES.passwordRequiredRegister],
    [{ password: 'curta', password_confirmation: 'curta' }, 'password', MESSAGES.passwordMin],
    [{ password_confirmation: 'diferente-123' }, 'password_confirmation', MESSAGES.passwordsMustMatch],
    [{ account_type: 'alien' }, 'account_type', MESSAGES.accountTypeInvalid],
  ])('rejects %j with the message of the spec', async (patch, field, message) => {
    const before = await t.database.db.select({ id: users.id }).from(users);
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload: { ...valid(), ...patch } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toContain(message);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await t.database.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it('refuses a taken e-mail, whatever its case', async () => {
    const input = valid();
    expect((await t.app.inject({ method: 'POST', url: '/api/register', payload: input })).statusCode).toBe(201);
    const upper = input.email.toUpperCase();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...input, email: upper, email_confirmation: upper },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'EMAIL_TAKEN',
      message: MESSAGES.emailTaken,
      errors: { email: [MESSAGES.emailTaken] },
    });
  });

  it('accepts an existing coupon and refuses an unknown one', async () => {
    await t.database.db.insert(coupons).values({ code: 'AMIGO10', transactionFeeBps: 30 });
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...valid(), coupon_code: 'amigo10' },
    });
    expect(ok.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, ok.json().user.id));
    expect(row!.referredByCouponId).not.toBeNull();
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...valid(), coupon_code: 'NAOEXISTE' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.coupon_code).toEqual([MESSAGES.couponInvalid]);
    expect(bad.json().code).toBe('COUPON_INVALID');
  });

  it('answers malformed bodies with 400 or 422, never 500', async () => {
    for (const payload of ['{not json', '[]', 'null', '"texto"']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect([400, 422]).toContain(res.statusCode);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('e-mail verification', () => {
  it('verifies once with the link; a second time says the e-mail is already confirmed', async () => {
    const input = valid();
    const reg = await t.app.inject({ method: 'POST', url: '/api/register', payload: input });
    const token = (await latestLink(t.database, input.email, '/email/verify/')).pathname.split('/').pop();
    const first = await t.app.inject({ method: 'POST', url: `/api/register/verify/${token}` });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(MESSAGES.emailVerified);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, reg.json().user.id));
    expect(row!.emailVerifiedAt).toBeInstanceOf(Date);
    const again = await t.app.inject({ method: 'POST', url: `/api/register/verify/${token}` });
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(MESSAGES.emailAlreadyVerified);
  });

  it('refuses an unknown token', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/api/register/verify/${'x'.repeat(43)}` });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(MESSAGES.verificationLinkInvalid);
    expect(res.json().code).toBe('LINK_INVALID');
  });

  it('resends the link by user id, and answers the same for an unknown id', async () => {
    const input = valid();
    const reg = await t.app.inject({ method: 'POST', url: '/api/register', payload: input });
    const res = await t.app.inject({ method: 'GET', url: `/api/register/verify/${reg.json().user.id}` });
    expect(res.json().message).toBe(MESSAGES.verificationResent);
    expect(await outboxFor(t.database, input.email)).toHaveLength(2);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/register/verify/99999999' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe(MESSAGES.verificationResent);
    const bad = await t.app.inject({ method: 'GET', url: '/api/register/verify/abc' });
    expect(bad.statusCode).toBe(422);
  });
});
