import { MESSAGES, SESSIONS_PAGE_SIZE, type SessionsResponse } from '@prata/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createCustomer,
  type Customer,
  latestLink,
  outboxFor,
  signIn,
  staffMember,
  type TestApp,
} from '../../../test/helpers';
import { rows } from '@/db/sql';
import { seedDevicesDemo } from './demo';
import { deviceFingerprint, networkOf, parseUserAgent } from './device';

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const WINDOWS_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const NEW_DEVICE_SUBJECT = 'Novo acesso à sua conta no Prata';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    // a GeoIP adapter that knows one network: the others are "Local desconhecido"
    adapters: { geoip: { name: 'test', cityOf: async (ip) => (ip.startsWith('200.150.10.') ? 'Recife, PE' : null) } },
  });
});
afterAll(async () => {
  await t?.app.close();
});

/** The last code was sent long enough ago for another (the resend window is the spec's 60 seconds). */
const allowNewCode = (c: Customer) =>
  t.database.db.execute(
    sql`update verification_codes set created_at = now() - interval '2 minutes' where subject = ${c.email}`,
  );

/** Password and code from a given address and browser: a session of that device. */
async function signInFrom(c: Customer, remoteAddress: string, userAgent: string): Promise<string> {
  await allowNewCode(c);
  const method = await t.app.inject({
    method: 'POST',
    url: '/api/login/verification-method',
    remoteAddress,
    headers: { 'user-agent': userAgent },
    payload: { email: c.email, password: c.password, verificationMethod: 'email' },
  });
  expect(method.statusCode).toBe(200);
  const [mail] = await outboxFor(t.database, c.email);
  const code = mail!.textBody.match(/\b(\d{6})\b/)![1];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login/verification-code',
    remoteAddress,
    headers: { 'user-agent': userAgent },
    payload: { email: c.email, code },
  });
  expect(res.statusCode).toBe(200);
  return res.json().authToken as string;
}

const list = (token: string, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/sessions${query}`, headers: bearer(token) });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
const newDeviceMails = async (c: Customer) =>
  (await outboxFor(t.database, c.email)).filter((m) => m.subject === NEW_DEVICE_SUBJECT);
const sessionIdOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid;

describe('the device of a user agent', () => {
  it('names the browser, the system and the kind of device; the fingerprint ignores versions and the host', () => {
    expect(parseUserAgent(ANDROID_CHROME)).toMatchObject({ browser: 'Chrome 131', os: 'Android 14', device: 'mobile' });
    expect(parseUserAgent(WINDOWS_FIREFOX)).toMatchObject({ browser: 'Firefox 133', device: 'desktop' });
    expect(parseUserAgent(undefined)).toMatchObject({ browser: null, os: null, device: 'other' });
    expect(parseUserAgent('lightMyRequest')).toMatchObject({ browser: null, device: 'other' });
    expect(networkOf('200.150.10.7')).toBe('200.150.10');
    expect(networkOf('::ffff:200.150.10.7')).toBe('200.150.10');
    expect(networkOf('2804:14c:1a::9')).toBe('2804:14c:1a');
    expect(networkOf('2804:014c:001a:0:0:0:0:9')).toBe('2804:14c:1a');
    expect(networkOf('nonsense')).toBe('');
    const newer = ANDROID_CHROME.replace('Chrome/131', 'Chrome/132');
    expect(deviceFingerprint(parseUserAgent(newer), '200.150.10.99')).toBe(
      deviceFingerprint(parseUserAgent(ANDROID_CHROME), '200.150.10.7'),
    );
    expect(deviceFingerprint(parseUserAgent(ANDROID_CHROME), '200.150.11.7')).not.toBe(
      deviceFingerprint(parseUserAgent(ANDROID_CHROME), '200.150.10.7'),
    );
  });
});

describe('Onde estou conectado: list, end one, end all others', () => {
  it('lists the open sessions with device, browser, city and both accesses; the current one is marked', async () => {
    const c = await createCustomer(t);
    const phone = await signInFrom(c, '200.150.10.7', ANDROID_CHROME);
    const res = await list(phone);
    expect(res.statusCode).toBe(200);
    const body = res.json() as SessionsResponse;
    expect(body.sessions).toHaveLength(2);
    expect(body.next_cursor).toBeNull();
    const [newest, first] = body.sessions;
    expect(newest).toMatchObject({
      current: true,
      device: 'mobile',
      browser: 'Chrome 131',
      os: 'Android 14',
      city: 'Recife, PE',
      ip: '200.150.10.7',
    });
    expect(first).toMatchObject({ current: false, city: null, id: sessionIdOf(c.token) });
    expect(Date.parse(newest!.created_at)).toBeGreaterThanOrEqual(Date.parse(first!.created_at));
    expect(Date.parse(newest!.last_seen_at)).toBeGreaterThan(0);
    expect((await list(c.token)).json().sessions.map((s: { current: boolean }) => s.current)).toEqual([false, true]);
  });

  it('ends one session: that token is refused at once, the other goes on; ending it again answers the same', async () => {
    const c = await createCustomer(t);
    const other = await signInFrom(c, '200.150.10.8', ANDROID_CHROME);
    const url = `/api/sessions/${sessionIdOf(other)}`;
    const end = await t.app.inject({ method: 'DELETE', url, headers: bearer(c.token) });
    expect(end.statusCode).toBe(200);
    expect(end.json().message).toBe(MESSAGES.sessionEnded);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(c.token)).statusCode).toBe(200);
    expect((await list(c.token)).json().sessions).toHaveLength(1);
    const again = await t.app.inject({ method: 'DELETE', url, headers: bearer(c.token) });
    expect(again.statusCode).toBe(200);
  });

  it("another customer's session, one that never was and a malformed id: 404 or 422, and nothing ends", async () => {
    const a = await createCustomer(t);
    const b = await createCustomer(t);
    const theirs = await t.app.inject({
      method: 'DELETE',
      url: `/api/sessions/${sessionIdOf(b.token)}`,
      headers: bearer(a.token),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.sessionNotFound });
    const nobody = await t.app.inject({
      method: 'DELETE',
      url: '/api/sessions/00000000-0000-4000-8000-000000000000',
      headers: bearer(a.token),
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json()).toEqual(theirs.json());
    const malformed = await t.app.inject({ method: 'DELETE', url: '/api/sessions/1', headers: bearer(a.token) });
    expect(malformed.statusCode).toBe(422);
    expect((await me(b.token)).statusCode).toBe(200);
    expect((await list(a.token, '?cursor=abc')).statusCode).toBe(422);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/sessions' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('ends every other session and keeps this one; 20 at once all keep it', async () => {
    const c = await createCustomer(t);
    const others = [
      await signInFrom(c, '200.150.10.9', ANDROID_CHROME),
      await signInFrom(c, '177.20.30.40', WINDOWS_FIREFOX),
    ];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.app.inject({ method: 'DELETE', url: '/api/sessions', headers: bearer(c.token) }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.reduce((n, r) => n + r.json().ended, 0)).toBe(2);
    for (const token of others) expect((await me(token)).statusCode).toBe(401);
    expect((await me(c.token)).statusCode).toBe(200);
    const left = (await list(c.token)).json() as SessionsResponse;
    expect(left.sessions.map((s) => s.current)).toEqual([true]);
  });

  it('pages through the sessions by a cursor', async () => {
    const c = await createCustomer(t);
    await t.database.db.execute(sql`insert into sessions (id, user_id, created_at, expires_at)
      select gen_random_uuid(), ${c.id}, now() - (n || ' minutes')::interval, now() + interval '1 hour'
      from generate_series(1, ${SESSIONS_PAGE_SIZE + 5}) as n`);
    const first = (await list(c.token)).json() as SessionsResponse;
    expect(first.sessions).toHaveLength(SESSIONS_PAGE_SIZE);
    expect(first.next_cursor).toBeTruthy();
    const second = (await list(c.token, `?cursor=${first.next_cursor}`)).json() as SessionsResponse;
    expect(second.sessions).toHaveLength(6);
    expect(second.next_cursor).toBeNull();
    const ids = new Set([...first.sessions, ...second.sessions].map((s) => s.id));
    expect(ids.size).toBe(SESSIONS_PAGE_SIZE + 6);
  });
});

describe('changing the password and closing the account end the sessions', () => {
  it('a password change ends every other session and keeps the one that made it', async () => {
    const c = await createCustomer(t);
    const other = await signInFrom(c, '200.150.10.10', ANDROID_CHROME);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/password',
      headers: bearer(c.token),
      payload: { password_current: c.password, password: 'outra-senha-456', password_confirmation: 'outra-senha-456' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(c.token)).statusCode).toBe(200);
    expect((await list(c.token)).json().sessions).toHaveLength(1);
  });

  it('closing the account ends them all', async () => {
    const c = await createCustomer(t);
    const other = await signInFrom(c, '200.150.10.11', ANDROID_CHROME);
    const res = await t.app.inject({ method: 'PUT', url: '/api/user/close-account', headers: bearer(c.token) });
    expect(res.statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(c.token)).statusCode).toBe(401);
  });
});

describe('the new-device e-mail and its link', () => {
  it('is sent for a device none of the earlier sessions had, not for the first session nor a known device', async () => {
    const c = await createCustomer(t);
    // the first session of the account (the device that registered): nothing to tell
    expect(await newDeviceMails(c)).toHaveLength(0);
    await allowNewCode(c);
    await signIn(t, c.email, c.password, '10.250.1.2'); // another network, same (unnamed) browser: new
    expect(await newDeviceMails(c)).toHaveLength(1);
    await allowNewCode(c);
    await signIn(t, c.email, c.password, '10.250.1.99'); // the same network and browser: known
    expect(await newDeviceMails(c)).toHaveLength(1);
    await signInFrom(c, '200.150.10.12', ANDROID_CHROME);
    const [mail] = await newDeviceMails(c);
    expect(mail!.textBody).toContain('Celular, Chrome 131 em Android 14');
    expect(mail!.textBody).toContain('Recife, PE');
    expect(mail!.textBody).toContain('200.150.10.12');
    expect(mail!.carriesSecret).toBe(true);
    const events = await rows<{ description: string }>(
      t.database.db,
      sql`select description from event_logs where user_id = ${c.id} order by id desc limit 3`,
    );
    expect(events.map((e) => e.description)).toContain(
      'Acesso de um dispositivo novo: Celular, Chrome 131 em Android 14',
    );
  });

  it('the link ends that session without signing in, is idempotent, and a bad link changes nothing', async () => {
    const c = await createCustomer(t);
    const intruder = await signInFrom(c, '200.150.10.13', WINDOWS_FIREFOX);
    const link = await latestLink(t.database, c.email, '/encerrar-sessao/');
    const token = link.pathname.split('/').pop()!;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/sessions/end-by-link',
      payload: { token: `${token.slice(0, -4)}AAAA` },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'LINK_INVALID', message: MESSAGES.sessionLinkInvalid });
    expect((await me(intruder)).statusCode).toBe(200);
    const empty = await t.app.inject({ method: 'POST', url: '/api/sessions/end-by-link', payload: {} });
    expect(empty.statusCode).toBe(422);

    const end = await t.app.inject({ method: 'POST', url: '/api/sessions/end-by-link', payload: { token } });
    expect(end.statusCode).toBe(200);
    expect(end.json().message).toBe(MESSAGES.sessionEndedByLink);
    expect((await me(intruder)).statusCode).toBe(401);
    expect((await me(c.token)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/sessions/end-by-link', payload: { token } });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(end.json());
  });

  it('an expired link is refused', async () => {
    const c = await createCustomer(t);
    const other = await signInFrom(c, '200.150.10.14', WINDOWS_FIREFOX);
    const token = (await latestLink(t.database, c.email, '/encerrar-sessao/')).pathname.split('/').pop()!;
    await t.database.db.execute(
      sql`update one_time_tokens set expires_at = now() - interval '1 second' where user_id = ${c.id} and purpose = 'session_end'`,
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/sessions/end-by-link', payload: { token } });
    expect(res.json().code).toBe('LINK_INVALID');
    expect((await me(other)).statusCode).toBe(200);
  });
});

describe('last access', () => {
  it('is written at most once per window, not on every request', async () => {
    const c = await createCustomer(t);
    const sid = sessionIdOf(c.token);
    const seen = async () =>
      (
        await rows<{ at: string }>(t.database.db, sql`select last_seen_at::text as at from sessions where id = ${sid}`)
      )[0]!.at;
    const before = await seen();
    await me(c.token);
    expect(await seen()).toBe(before);
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '10 minutes' where id = ${sid}`,
    );
    const old = await seen();
    await me(c.token);
    const touched = await seen();
    expect(touched > old).toBe(true);
    await me(c.token);
    expect(await seen()).toBe(touched);
  });
});

describe('the demo devices', () => {
  it('gives the demo customer three other devices once, listed and ended like any session', async () => {
    const c = await createCustomer(t);
    await seedDevicesDemo(t.database.db, c.email);
    await seedDevicesDemo(t.database.db, c.email);
    const listed = (await list(c.token)).json() as SessionsResponse;
    expect(listed.sessions).toHaveLength(4);
    expect(
      listed.sessions
        .filter((s) => !s.current)
        .map((s) => s.device)
        .sort(),
    ).toEqual(['desktop', 'mobile', 'tablet']);
    expect(listed.sessions.find((s) => s.device === 'mobile')).toMatchObject({
      city: 'São Paulo, SP',
      browser: 'Chrome 131',
    });
    const end = await t.app.inject({ method: 'DELETE', url: '/api/sessions', headers: bearer(c.token) });
    expect(end.json().ended).toBe(3);
  });
});

describe("an operator's block", () => {
  it('ends every session at once, refuses the password and a code sent before, and is lifted by an operator', async () => {
    const c = await createCustomer(t);
    const other = await signInFrom(c, '200.150.10.15', ANDROID_CHROME);
    const operator = await staffMember(t, ['compliance'], 'Carla Compliance');
    // a code asked for before the block
    await allowNewCode(c);
    const method = await t.app.inject({
      method: 'POST',
      url: '/api/login/verification-method',
      payload: { email: c.email, password: c.password, verificationMethod: 'email' },
    });
    expect(method.statusCode).toBe(200);
    const code = (await outboxFor(t.database, c.email))[0]!.textBody.match(/\b(\d{6})\b/)![1];

    const url = `/api/admin/customers/${c.id}/block`;
    const empty = await t.app.inject({ method: 'PUT', url, headers: bearer(operator.token), payload: { reason: ' ' } });
    expect(empty.statusCode).toBe(422);
    expect((await me(c.token)).statusCode).toBe(200);
    const byCustomer = await t.app.inject({ method: 'PUT', url, headers: bearer(c.token), payload: { reason: 'x' } });
    expect(byCustomer.statusCode).toBe(403);

    const block = await t.app.inject({
      method: 'PUT',
      url,
      headers: bearer(operator.token),
      payload: { reason: 'Suspeita de acesso por terceiros' },
    });
    expect(block.statusCode).toBe(200);
    expect(block.json().message).toBe(MESSAGES.customerBlocked);
    expect(block.json().customer).toMatchObject({ blocked_reason: 'Suspeita de acesso por terceiros' });
    expect(block.json().customer.blocked_at).toBeTruthy();
    for (const token of [c.token, other]) expect((await me(token)).statusCode).toBe(401);

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: c.email, password: c.password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: MESSAGES.accountBlocked });
    const withCode = await t.app.inject({
      method: 'POST',
      url: '/api/login/verification-code',
      payload: { email: c.email, code },
    });
    expect(withCode.statusCode).toBe(403);
    expect(withCode.json().code).toBe('ACCOUNT_BLOCKED');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: c.email, password: 'x'.repeat(12) },
    });
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/customers/${c.id}/audit`,
      headers: bearer(operator.token),
    });
    expect(audit.json().data[0]).toMatchObject({
      action: 'customer.blocked',
      description: 'Acesso do cliente bloqueado',
    });

    const lift = await t.app.inject({ method: 'DELETE', url, headers: bearer(operator.token) });
    expect(lift.statusCode).toBe(200);
    expect(lift.json().customer).toMatchObject({ blocked_at: null, blocked_reason: null });
    await allowNewCode(c);
    expect(await signIn(t, c.email, c.password)).toBeTruthy();
    // the sessions ended by the block stay ended
    expect((await me(other)).statusCode).toBe(401);
  });

  it("another customer's id or an operator's answers 404", async () => {
    const operator = await staffMember(t, ['compliance'], 'Carla Compliance');
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/customers/999999999/block',
      headers: bearer(operator.token),
      payload: { reason: 'Teste' },
    });
    expect(res.statusCode).toBe(404);
  });
});
