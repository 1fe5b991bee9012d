import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  buildTestApp,
  createCustomer,
  latestCode,
  onPostgres,
  openSecondPool,
  skippedOnPglite,
} from '../../../test/helpers';

skippedOnPglite('two API instances on one database');

describe.skipIf(!onPostgres)('two API instances on one database', () => {
  it('a code sent by one instance is checked by the other, and logout on one ends the session on both', async () => {
    const a = await buildTestApp();
    // Two servers, each with its own connection pool to the same PostgreSQL, as two processes would be.
    const b = await buildTestApp({ database: await openSecondPool(a.database) });
    expect(b.database).not.toBe(a.database);
    const c = await createCustomer(a);
    const me = await b.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) });
    expect(me.statusCode).toBe(200);

    await a.database.db.execute(sql`update verification_codes set created_at = now() - interval '2 minutes'`);
    const sent = await a.app.inject({
      method: 'POST',
      url: '/api/login/verification-method',
      payload: { email: c.email, password: c.password, verificationMethod: 'email' },
    });
    expect(sent.statusCode).toBe(200);
    const code = await latestCode(a.database, c.email);
    const signedIn = await b.app.inject({
      method: 'POST',
      url: '/api/login/verification-code',
      payload: { email: c.email, code },
    });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json().authToken;

    await a.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect((await b.app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
    expect((await b.app.inject({ method: 'GET', url: '/api/user', headers: bearer(c.token) })).statusCode).toBe(200);
  });
});
