import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { sessions, users, verificationCodes } from '@/db/schema/index';
import {
  bearer,
  buildTestApp,
  createCustomer,
  latestCode,
  latestLink,
  outboxFor,
  signIn,
  type TestApp,
} from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

describe('sign-in in two steps', () => {
  it('password, then an e-mail code, then the token; GET /api/user works and logout revokes it', async () => {
    const c = await createCustomer(t);
    const first = await post('/api/login', { email: c.email, password: c.password });
    expect(first.statusCode).toBe(200);
    expect(first.json().authToken).toBeUndefined();
    expect(first.json().user).toMatchObject({ email: c.email, email_verified_at: expect.any(String), celular: null });
    await t.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 61_000) });

    const method = await post('/api/login/verification-method', {
      email: c.email,
      password: c.password,
      verificationMethod: 'email',
    });
    expect(method.json()).toEqual({
      verificationMethod: 'email',
      message: MESSAGES.codeSentEmail,
      resendAfterSeconds: 60,
      // how long the code confirms, so a step restored later knows it has expired
      validForSeconds: t.config.windows.codeTtlSeconds,
    });
    const code = await latestCode(t.database, c.email);
    const done = await post('/api/login/verification-code', { email: c.email, code });
    expect(done.statusCode).toBe(200);
    const { authToken, user } = done.json();
    expect(authToken).toMatch(/^ey/);
    expect(user).toMatchObject({ email: c.email, balance_brl: 0, balance_ag: 0, registration_complete: false });

    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(authToken) });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.id).toBe(c.id);

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(authToken) });
    expect(out.json().message).toBe(MESSAGES.loggedOut);
    const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(authToken) });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
  });

  it('a code is single use, and the previous code dies when a new one is sent', async () => {
    const c = await createCustomer(t);
    const reused = await post('/api/login/verification-code', {
      email: c.email,
      code: await latestCode(t.database, c.email),
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(MESSAGES.codeExpired);
    expect(reused.json().code).toBe('CODE_EXPIRED');
  });

  it('refuses a wrong password and an unknown e-mail with the same answer', async () => {
    const c = await createCustomer(t);
    const wrong = await post('/api/login', { email: c.email, password: 'errada-123' });
    const unknown = await post('/api/login', { email: 'ninguem@exemplo.com', password: 'errada-123' });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(MESSAGES.invalidCredentials);
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
  });

  it.each([
    [{ email: '', password: 'x' }, MESSAGES.emailRequired],
    [{ email: 'invalido', password: 'x' }, MESSAGES.emailInvalid],
    [{ email: 'a@b.co', password: '' }, MESSAGES.passwordRequired],
  ])('validates %j', async (payload, message) => {
    const res = await post('/api/login', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it('an unverified e-mail gets the user without token and cannot ask for a code', async () => {
    const email = `naoverificado${Date.now()}@exemplo.com`;
    await post('/api/register', {
      name: 'Sem Verificar',
      email,
      email_confirmation: email,
      password: 'senha-forte-1',
      password_confirmation: 'senha-forte-1',
      account_type: 'individual',
    });
    const res = await post('/api/login', { email, password: 'senha-forte-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email_verified_at).toBeNull();
    const method = await post('/api/login/verification-method', {
      email,
      password: 'senha-forte-1',
      verificationMethod: 'email',
    });
    expect(method.statusCode).toBe(403);
    expect(method.json().message).toBe(MESSAGES.emailNotVerified);
    expect(method.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('waits 60 seconds before a resend, and offers SMS only with a mobile number', async () => {
    const c = await createCustomer(t);
    const again = await post('/api/login/verification-method', {
      email: c.email,
      password: c.password,
      verificationMethod: 'email',
    });
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('CODE_RESEND_WAIT');
    expect(again.json().message).toMatch(/^Aguarde \d+ segundos para solicitar um novo código\.$/);
    const sms = await post('/api/login/verification-method', {
      email: c.email,
      password: c.password,
      verificationMethod: 'sms',
    });
    expect(sms.statusCode).toBe(422);
    expect(sms.json().message).toBe(MESSAGES.smsUnavailable);
    expect(sms.json().code).toBe('SMS_UNAVAILABLE');
  });

  it('sends the code by SMS to the mobile number, masked in the login answer', async () => {
    const c = await createCustomer(t);
    await t.database.db.update(users).set({ celular: '21998765432' }).where(eq(users.id, c.id));
    await t.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 61_000) });
    const first = await post('/api/login', { email: c.email, password: c.password });
    expect(first.json().user.celular).toBe('(21) 9****-5432');
    const res = await post('/api/login/verification-method', {
      email: c.email,
      password: c.password,
      verificationMethod: 'sms',
    });
    expect(res.json()).toEqual({
      verificationMethod: 'sms',
      message: MESSAGES.codeSentSms,
      resendAfterSeconds: 60,
      validForSeconds: t.config.windows.codeTtlSeconds,
    });
    const [sms] = await outboxFor(t.database, '21998765432');
    expect(sms!.channel).toBe('sms');
    const code = sms!.textBody.match(/\d{6}/)![0];
    const done = await post('/api/login/verification-code', { email: c.email, code });
    expect(done.statusCode).toBe(200);
  });

  it('five wrong codes kill the code, even the right one afterwards', async () => {
    const c = await createCustomer(t);
    await t.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 61_000) });
    await post('/api/login/verification-method', { email: c.email, password: c.password, verificationMethod: 'email' });
    const right = await latestCode(t.database, c.email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 5; i++) {
      const res = await post('/api/login/verification-code', { email: c.email, code: wrong });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(i < 5 ? MESSAGES.codeInvalid : MESSAGES.codeTooManyAttempts);
      expect(res.json().code).toBe(i < 5 ? 'CODE_INVALID' : 'CODE_TOO_MANY_ATTEMPTS');
    }
    const late = await post('/api/login/verification-code', { email: c.email, code: right });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(MESSAGES.codeExpired);
  });

  it('an expired code is refused', async () => {
    const c = await createCustomer(t);
    await t.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 61_000) });
    await post('/api/login/verification-method', { email: c.email, password: c.password, verificationMethod: 'email' });
    const code = await latestCode(t.database, c.email);
    await t.database.db.update(verificationCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await post('/api/login/verification-code', { email: c.email, code });
    expect(res.json().message).toBe(MESSAGES.codeExpired);
  });
});

describe('tokens and sessions', () => {
  it('rejects expired, forged, unsigned and revoked tokens', async () => {
    const c = await createCustomer(t);
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, c.id));
    const base = () =>
      new SignJWT({ sid: session!.id }).setSubject(String(c.id)).setIssuer('prata').setAudience('prata-web');
    const expired = await base()
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(key);
    const forged = await base()
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    const [h, p] = c.token.split('.');
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${p}.`;
    const get = (token: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    const exp = await get(expired);
    expect(exp.statusCode).toBe(401);
    expect(exp.json().message).toBe(MESSAGES.tokenExpired);
    expect(exp.json().code).toBe('TOKEN_EXPIRED');
    expect((await get(forged)).statusCode).toBe(401);
    expect((await get(unsigned)).statusCode).toBe(401);
    expect((await get(`${h}.${p}.AAAA`)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    await t.database.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, c.id));
    expect((await get(c.token)).statusCode).toBe(401);
  });
});

describe('closed account', () => {
  it('answers closed_at after a correct password and lets the owner reopen it within 10 minutes', async () => {
    const c = await createCustomer(t);
    const closedAt = new Date('2026-10-01T12:00:00Z');
    await t.database.db.update(users).set({ closedAt }).where(eq(users.id, c.id));
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) })).statusCode).toBe(401);

    const noWindow = await t.app.inject({
      method: 'PUT',
      url: '/api/user/reopen-account',
      payload: { email: c.email },
    });
    expect(noWindow.statusCode).toBe(422);
    expect(noWindow.json().message).toBe(MESSAGES.reopenNotAllowed);
    expect(noWindow.json().code).toBe('REOPEN_NOT_ALLOWED');

    const wrong = await post('/api/login', { email: c.email, password: 'errada-000' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().closed_at).toBeUndefined();

    const res = await post('/api/login', { email: c.email, password: c.password });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'ACCOUNT_CLOSED',
      message: MESSAGES.accountClosed,
      closed_at: closedAt.toISOString(),
    });

    const reopen = await t.app.inject({ method: 'PUT', url: '/api/user/reopen-account', payload: { email: c.email } });
    expect(reopen.statusCode).toBe(200);
    expect(reopen.json().message).toBe(MESSAGES.accountReopened);
    await t.database.db.update(verificationCodes).set({ createdAt: new Date(Date.now() - 61_000) });
    expect(await signIn(t, c.email, c.password)).toMatch(/^ey/);
  });
});

describe('password reset', () => {
  it('sends a link, sets the new password, ends every session and refuses the link twice', async () => {
    const c = await createCustomer(t);
    const ask = await post('/api/password/email', { email: c.email.toUpperCase() });
    expect(ask.json().message).toBe(MESSAGES.passwordResetSent);
    const unknown = await post('/api/password/email', { email: 'ninguem@exemplo.com' });
    expect(unknown.json()).toEqual(ask.json());

    const link = await latestLink(t.database, c.email, '/password/reset/');
    const token = link.pathname.split('/').pop()!;
    expect(link.searchParams.get('email')).toBe(c.email);

    const mismatch = await post('/api/password/reset', {
      token,
      email: c.email,
      password: 'nova-senha-1',
      password_confirmation: 'outra-senha',
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors.password_confirmation).toEqual([MESSAGES.passwordsMustMatch]);
    const short = await post('/api/password/reset', {
      token,
      email: c.email,
      password: 'curta',
      password_confirmation: 'curta',
    });
    expect(short.json().errors.password).toEqual([MESSAGES.passwordMin]);
    const otherEmail = await post('/api/password/reset', {
      token,
      email: 'outro@exemplo.com',
      password: 'nova-senha-1',
      password_confirmation: 'nova-senha-1',
    });
    expect(otherEmail.statusCode).toBe(422);

    // a new link replaces the first one
    await post('/api/password/email', { email: c.email });
    const token2 = (await latestLink(t.database, c.email, '/password/reset/')).pathname.split('/').pop()!;
    const ok = await post('/api/password/reset', {
      token: token2,
      email: c.email,
      password: 'nova-senha-1',
      password_confirmation: 'nova-senha-1',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MESSAGES.passwordResetDone);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) })).statusCode).toBe(401);
    expect((await post('/api/login', { email: c.email, password: c.password })).statusCode).toBe(422);
    expect((await post('/api/login', { email: c.email, password: 'nova-senha-1' })).statusCode).toBe(200);
    const reuse = await post('/api/password/reset', {
      token: token2,
      email: c.email,
      password: 'nova-senha-2',
      password_confirmation: 'nova-senha-2',
    });
    expect(reuse.statusCode).toBe(422);
    expect(reuse.json().message).toBe(MESSAGES.passwordResetInvalid);
    expect(reuse.json().code).toBe('LINK_INVALID');
  });
});
