import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, SESSION_MAX_SECONDS } from '@prata/domain';
import { sessions } from '@/db/schema/index';
import { bearer, buildTestApp, createCustomer, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const renew = (token?: string) =>
  t.app.inject({ method: 'POST', url: '/api/session/renew', headers: token ? bearer(token) : {} });

describe('POST /api/session/renew ("Continuar conectado")', () => {
  it('gives the same session a later end, as a new token; both tokens name it, and logout ends both', async () => {
    const c = await createCustomer(t);
    const sid = decodeJwt(c.token).sid as string;
    // the session is about to end
    const soon = new Date(Date.now() + 60_000);
    await t.database.db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.id, sid));

    const res = await renew(c.token);
    expect(res.statusCode).toBe(200);
    const { authToken, expires_at } = res.json();
    const claims = decodeJwt(authToken);
    expect(claims.sid).toBe(sid);
    expect(claims.sub).toBe(String(c.id));
    const ttlMs = t.config.jwtTtlSeconds * 1000;
    expect(Date.parse(expires_at)).toBeGreaterThan(Date.now() + ttlMs - 60_000);
    expect((claims.exp as number) * 1000).toBe(Math.floor(Date.parse(expires_at) / 1000) * 1000);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, sid));
    expect(row?.expiresAt.toISOString()).toBe(expires_at);

    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(authToken) })).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(authToken) });
    for (const token of [authToken, c.token]) {
      const after = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
      expect(after.statusCode).toBe(401);
    }
    expect((await renew(authToken)).statusCode).toBe(401);
  });

  it('never past SESSION_MAX_SECONDS from the session start', async () => {
    const c = await createCustomer(t);
    const sid = decodeJwt(c.token).sid as string;
    const started = new Date(Date.now() - (SESSION_MAX_SECONDS - 600) * 1000);
    await t.database.db
      .update(sessions)
      .set({ createdAt: started, expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(sessions.id, sid));
    const res = await renew(c.token);
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().expires_at)).toBe(started.getTime() + SESSION_MAX_SECONDS * 1000);
  });

  it('asks for a session', async () => {
    const res = await renew();
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MESSAGES.unauthenticated);
  });
});

describe('GET /api/session/policy', () => {
  it("states the server's session length and the most a session lasts, to anyone", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/session/policy' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ session_seconds: t.config.jwtTtlSeconds, max_seconds: SESSION_MAX_SECONDS });
    // the length is the server's setting, not a constant of the client
    const other = await buildTestApp({ database: t.database, config: { jwtTtlSeconds: 4 * 3600 } });
    try {
      const answer = await other.app.inject({ method: 'GET', url: '/api/session/policy' });
      expect(answer.json().session_seconds).toBe(4 * 3600);
    } finally {
      await other.app.close();
    }
  });
});
