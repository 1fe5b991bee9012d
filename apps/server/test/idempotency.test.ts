import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { idempotencyKeys } from '@/db/schema/index';
import {
  bearer,
  buildTestApp,
  completeIndividual,
  createCustomer,
  onPostgres,
  openSecondPool,
  outboxFor,
  skippedOnPglite,
  type TestApp,
} from './helpers';

const resetAsk = (t: TestApp, email: string, key?: string, ip = '192.0.2.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/password/email',
    payload: { email },
    headers: key ? { 'idempotency-key': key } : {},
    remoteAddress: ip,
  });

describe('Idempotency-Key', () => {
  it('the same key and body answers the first response again and sends nothing twice', async () => {
    const t = await buildTestApp();
    const c = await createCustomer(t);
    const before = (await outboxFor(t.database, c.email)).length;
    const first = await resetAsk(t, c.email, 'chave-reset-0001');
    const again = await resetAsk(t, c.email, 'chave-reset-0001');
    expect(first.statusCode).toBe(200);
    expect([again.statusCode, again.body]).toEqual([first.statusCode, first.body]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect((await outboxFor(t.database, c.email)).length - before).toBe(1);
    // Without the header each call does its work.
    await resetAsk(t, c.email);
    expect((await outboxFor(t.database, c.email)).length - before).toBe(2);
  });

  it('the same key with another body is refused (422) and changes nothing', async () => {
    const t = await buildTestApp();
    const c = await createCustomer(t);
    await resetAsk(t, c.email, 'chave-reusada-01');
    const before = (await outboxFor(t.database, 'outra.pessoa@exemplo.com')).length;
    const other = await resetAsk(t, 'outra.pessoa@exemplo.com', 'chave-reusada-01');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: MESSAGES.idempotencyKeyReused });
    expect((await outboxFor(t.database, 'outra.pessoa@exemplo.com')).length).toBe(before);
  });

  it('keys belong to the customer: two customers may use the same key', async () => {
    const t = await buildTestApp();
    const [a, b] = [await createCustomer(t), await createCustomer(t)];
    for (const c of [a, b]) {
      await completeIndividual(t, c);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/contact-code',
        headers: { ...bearer(c.token), 'idempotency-key': 'mesma-chave-123' },
        payload: { celular: '21998765432' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
    }
  });

  it('a malformed key is refused with the field named; a 4xx answer is kept like any other', async () => {
    const t = await buildTestApp();
    const bad = await resetAsk(t, 'a@b.com', 'curta');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: { 'idempotency-key': expect.any(Array) } });
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/password/email',
      payload: { email: 'nao-e-email' },
      headers: { 'idempotency-key': 'chave-invalida-1' },
    });
    expect(invalid.statusCode).toBe(422);
  });

  it('keys older than IDEMPOTENCY_TTL_SECONDS are forgotten; a request still running answers IDEMPOTENCY_IN_PROGRESS', async () => {
    const t = await buildTestApp();
    const c = await createCustomer(t);
    await resetAsk(t, c.email, 'chave-antiga-001');
    await t.database.db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` });
    const fresh = await resetAsk(t, c.email, 'chave-antiga-001');
    expect(fresh.headers['idempotent-replayed']).toBeUndefined();

    await t.database.db
      .insert(idempotencyKeys)
      .values({ scope: 'route:POST /api/password/email', key: 'chave-rodando-01', requestHash: 'x' });
    const running = await resetAsk(t, c.email, 'chave-rodando-01');
    // The fingerprint differs from 'x': a reused key. With the same fingerprint it would be "in progress".
    expect(running.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    await t.database.db.execute(
      sql`update idempotency_keys set request_hash = (select request_hash from idempotency_keys where key = 'chave-antiga-001') where key = 'chave-rodando-01'`,
    );
    const inProgress = await resetAsk(t, c.email, 'chave-rodando-01');
    expect([inProgress.statusCode, inProgress.json().code]).toEqual([409, 'IDEMPOTENCY_IN_PROGRESS']);

    // Its instance died mid-way (it may have committed): past IDEMPOTENCY_STALE_SECONDS the retry is not run again,
    // it is told the outcome is unknown, and the record stays so every later retry hears the same.
    await t.database.db.execute(
      sql`update idempotency_keys set updated_at = now() - interval '2 minutes' where key = 'chave-rodando-01'`,
    );
    for (let i = 0; i < 2; i++) {
      const unknown = await resetAsk(t, c.email, 'chave-rodando-01');
      expect([unknown.statusCode, unknown.json().code, unknown.json().message]).toEqual([
        409,
        'IDEMPOTENCY_OUTCOME_UNKNOWN',
        MESSAGES.idempotencyOutcomeUnknown,
      ]);
    }
  });

  it('every route that moves money or sends a message accepts the key (config.idempotent)', async () => {
    const t = await buildTestApp();
    const idempotent = new Set(
      t.app.routeTable.filter((r) => r.idempotent).map((r) => `${r.method} ${r.url.replace(/^\/api/, '')}`),
    );
    for (const route of [
      'POST /register',
      'POST /login/verification-method',
      'POST /password/email',
      'PUT /user/reopen-account',
      'POST /user/contact-code',
      'POST /admin/customers/:id/review',
      'POST /admin/trading-limit-requests/:id/review',
      // money
      'POST /deposit/pix',
      'POST /deposit/ted',
      'POST /withdrawal/verification-code',
      'POST /withdrawal',
      'POST /admin/deposits/:id/review',
      'POST /admin/deposits/:id/receive-payment',
      'POST /admin/withdrawals/:id/review',
      'POST /admin/withdrawals/:id/payout',
      // physical silver: orders, and the fulfilment moves that e-mail the buyer or refund
      'POST /silver-withdrawal/guest',
      'POST /silver-withdrawal',
      'POST /admin/silver-withdrawals/:id/sent',
      'POST /admin/silver-withdrawals/:id/delivered',
      'POST /admin/silver-withdrawals/:id/reject',
      'POST /admin/silver-withdrawals/:id/retry-refund',
      // support: the visitor's code, and the answers that e-mail the customer
      'POST /ticket/send-verification-code',
      'POST /admin/tickets/:id/interaction',
      'POST /admin/tickets/:id/close',
      // silver transfers: the code, the transfer, the cancel that gives the grams back
      'POST /silver-transfer/verification-code',
      'POST /silver-transfer',
      'PUT /silver-transfer/:id/cancel',
    ]) {
      expect(idempotent.has(route), route).toBe(true);
    }
  });
});

skippedOnPglite('Idempotency-Key across two instances');

describe.skipIf(!onPostgres)('Idempotency-Key across two instances', () => {
  it('ten concurrent retries of one key on two servers: one runs, the others replay or wait', async () => {
    const a = await buildTestApp();
    const b = await buildTestApp({ database: await openSecondPool(a.database) });
    const c = await createCustomer(a);
    const before = (await outboxFor(a.database, c.email)).length;
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => resetAsk(i % 2 ? a : b, c.email, 'chave-concorrente-1', `192.0.2.${i + 1}`)),
    );
    const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : r.json().code));
    expect(codes.every((x) => x === 'ok' || x === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
    expect((await outboxFor(a.database, c.email)).length - before).toBe(1);
  });
});
