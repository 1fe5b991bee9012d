import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, ReconciliationResponse } from '@prata/domain';
import { auditLog, users } from '@/db/schema/index';
import { post } from '@/ledger/index';
import {
  bearer,
  buildTestApp,
  createCustomer,
  createTestDatabase,
  holdInTransaction,
  onPostgres,
  openPoolWith,
  openSecondPool,
  skippedOnPglite,
} from '../../../test/helpers';

describe('back office: the ledger reconciliation', () => {
  it('finance runs it and reads the last run; it is stored and audited; other roles and customers cannot', async () => {
    const t = await buildTestApp();
    const customer = await createCustomer(t);
    const finance = await createCustomer(t, { name: 'Fabiana Financeiro' });
    const compliance = await createCustomer(t);
    await t.database.db
      .update(users)
      .set({ staffRoles: ['finance'] })
      .where(eq(users.id, finance.id));
    await t.database.db
      .update(users)
      .set({ staffRoles: ['compliance'] })
      .where(eq(users.id, compliance.id));
    await post(t.database.db, {
      id: 'test.deposit:1',
      debit: { system: 'pix:clearing' },
      credit: { customer: customer.id, bucket: 'available' },
      currency: 'BRL',
      amount: 5000,
      code: 'deposit.pix',
    });
    const get = (token?: string) =>
      t.app.inject({ method: 'GET', url: '/api/admin/reconciliation', headers: token ? bearer(token) : {} });
    const run = (token: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: '/api/admin/reconciliation', headers: bearer(token), payload });

    expect((await get()).statusCode).toBe(401);
    for (const token of [customer.token, compliance.token]) {
      expect((await get(token)).json()).toMatchObject({ code: 'FORBIDDEN', message: MESSAGES.forbiddenRole });
      expect((await run(token)).statusCode).toBe(403);
    }
    const none = await get(finance.token);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ reconciliation: null });
    // it takes no input
    expect((await run(finance.token, { force: true })).json().code).toBe('BAD_REQUEST');

    const clean = await run(finance.token);
    expect(clean.statusCode).toBe(200);
    const body = ReconciliationResponse.parse(clean.json());
    expect(body).toMatchObject({
      message: MESSAGES.reconciliationClean,
      reconciliation: {
        ok: true,
        problems: [],
        source: 'admin',
        run_by: { id: finance.id, name: 'Fabiana Financeiro' },
      },
    });
    expect((await get(finance.token)).json()).toEqual({ reconciliation: body.reconciliation });

    // A balance edited behind the ledger's back shows up, in Portuguese.
    const code = `customer:${customer.id}:available:BRL`;
    await t.database.db.execute(
      sql`update ledger_accounts set credits_posted = credits_posted + 1 where code = ${code}`,
    );
    const broken = ReconciliationResponse.parse((await run(finance.token)).json());
    expect(broken.message).toBe(MESSAGES.reconciliationProblems(2));
    expect(broken.reconciliation).toMatchObject({ ok: false });
    expect(broken.reconciliation!.problems).toEqual([
      'BRL: a soma dos débitos (5000) difere da soma dos créditos (5001)',
      `${code}: saldo com débitos 0 e créditos 5001, mas os lançamentos somam 0 e 5000`,
    ]);
    expect((await get(finance.token)).json().reconciliation.id).toBe(broken.reconciliation!.id);
    await t.database.db.execute(
      sql`update ledger_accounts set credits_posted = credits_posted - 1 where code = ${code}`,
    );

    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'ledger.reconciliation_run'));
    expect(audited.map((a) => ({ by: a.actorUserId, target: a.targetId, details: a.details }))).toEqual([
      { by: finance.id, target: String(body.reconciliation!.id), details: { ok: true, problems: 0 } },
      { by: finance.id, target: String(broken.reconciliation!.id), details: { ok: false, problems: 2 } },
    ]);
    await t.database.db
      .update(users)
      .set({ staffRoles: ['admin'] })
      .where(eq(users.id, compliance.id));
    const log = await t.app.inject({ method: 'GET', url: '/api/admin/audit-log', headers: bearer(compliance.token) });
    expect(log.json().data[0]).toMatchObject({
      description: 'Conferência do razão executada',
      target: `Conferência do razão nº ${broken.reconciliation!.id}`,
      details: ['Resultado: problemas encontrados', 'Problemas: 2'],
    });
  });

  it.skipIf(!onPostgres)('answers RECONCILIATION_RUNNING while a run holds the lock on another instance', async () => {
    const t = await buildTestApp();
    const finance = await createCustomer(t, { name: 'Flávia Financeiro' });
    await t.database.db
      .update(users)
      .set({ staffRoles: ['finance'] })
      .where(eq(users.id, finance.id));
    const other = await openSecondPool(t.database);
    await other.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727044)`);
      const busy = await t.app.inject({
        method: 'POST',
        url: '/api/admin/reconciliation',
        headers: bearer(finance.token),
      });
      expect([busy.statusCode, busy.json().code, busy.json().message]).toEqual([
        409,
        'RECONCILIATION_RUNNING',
        MESSAGES.reconciliationRunning,
      ]);
    });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reconciliation',
      headers: bearer(finance.token),
    });
    expect([done.statusCode, done.json().reconciliation.ok]).toEqual([200, true]);
  });

  it('runs on the background pool: its reads may wait longer than a request may', async () => {
    if (!onPostgres) return skippedOnPglite('statement timeout');
    const database = await createTestDatabase({ forThisTest: true });
    // a request's statement is cut after 300 ms here; the background pool's after 10 s
    const limited = await openPoolWith(database, {
      poolSize: 2,
      statementTimeoutMs: 300,
      backgroundStatementTimeoutMs: 10_000,
    });
    const holder = await openPoolWith(database, { poolSize: 1 });
    const t = await buildTestApp({ database: limited });
    const finance = await createCustomer(t, { name: 'Fernanda Financeiro' });
    await t.database.db
      .update(users)
      .set({ staffRoles: ['finance'] })
      .where(eq(users.id, finance.id));
    // the ledger's transfers held by another session for 800 ms, which only the run reads
    const held = await holdInTransaction(holder.db, sql`lock table ledger_transfers in access exclusive mode`);
    setTimeout(() => void held.release(), 800);
    const started = Date.now();
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reconciliation',
      headers: bearer(finance.token),
    });
    expect([done.statusCode, done.json().reconciliation?.ok]).toEqual([200, true]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    await held.release();
    await t.app.close();
  });
});
