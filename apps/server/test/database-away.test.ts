import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@prata/domain';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/db/client';
import { rows } from '@/db/sql';
import { pgErrorCode, withTransaction } from '@/db/tx';
import { isDatabaseUnavailable } from '@/db/unavailable';
import {
  buildTestApp,
  createTestDatabase,
  holdInTransaction,
  onPostgres,
  openPoolWith,
  skippedOnPglite,
} from './helpers';
import { trackSecondary } from './setup';

/**
 * A TCP relay between the app and PostgreSQL that the test can cut and mend: the database "goes away" (every open
 * connection dropped, new ones refused) and "comes back" on the same address, as a restart or a network fault does.
 */
async function relayTo(url: string) {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  let dropNext = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.on('data', (chunk) => {
      if (!dropNext) return void upstream.write(chunk);
      dropNext = false;
      client.destroy();
      upstream.destroy();
    });
    upstream.pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve) =>
      server.listen(port, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
    );
  const port = await listen(0);
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return {
    url: proxied.toString(),
    async cut() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    async mend() {
      await listen(port);
    },
    /** the next bytes the app sends on any open connection end that connection instead of reaching PostgreSQL */
    dropNextWrite() {
      dropNext = true;
    },
  };
}

/** POST /api/password/email with an Idempotency-Key: a request that writes (its key) and reads a customer's row. */
const askPasswordEmail = (app: FastifyInstance) => (key: string) =>
  app.inject({
    method: 'POST',
    url: '/api/password/email',
    payload: { email: 'ninguem@exemplo.com' },
    headers: { 'idempotency-key': key },
  });

/** The key of a refused request does its work now, once: 200, then its replay. */
async function expectDoneOnce(ask: ReturnType<typeof askPasswordEmail>, key: string) {
  const done = await ask(key);
  expect(done.statusCode).toBe(200);
  expect(done.headers['idempotent-replayed']).toBeUndefined();
  expect((await ask(key)).headers['idempotent-replayed']).toBe('true');
}

describe('the database goes away and comes back', () => {
  it('answers 503 DATABASE_UNAVAILABLE while it is away, never dies, and serves again when it is back', async () => {
    if (!onPostgres) return skippedOnPglite('database away');
    const database = await createTestDatabase({ forThisTest: true });
    const relay = await relayTo(database.url as string);
    const proxied = await openDatabase({ url: relay.url, poolSize: 4 });
    trackSecondary(proxied);
    const logged: string[] = [];
    proxied.setErrorLogger((_err, where) => logged.push(where));
    const t = await buildTestApp({ database: proxied });
    const ask = askPasswordEmail(t.app);

    expect((await ask('antes-da-queda-1')).statusCode).toBe(200);

    // A connection checked out between two queries when the database goes: its 'error' event must be handled.
    let release: () => void = () => {};
    let holding: () => void = () => {};
    const isHeld = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const held = proxied.withConnection(async (conn) => {
      await conn.query('select 1');
      holding();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await isHeld;
    await relay.cut();
    release();
    await held;

    const away = await ask('durante-a-queda-1');
    expect([away.statusCode, away.json()]).toEqual([
      503,
      { code: 'DATABASE_UNAVAILABLE', message: MESSAGES.databaseUnavailable },
    ]);
    expect(away.headers['retry-after']).toBe('5');
    expect(logged).toContain('connection lost');

    await relay.mend();
    // The pool opens new connections by itself; the same key, retried, now does its work once.
    await expectDoneOnce(ask, 'durante-a-queda-1');
    await t.app.close();
  });

  it('answers 503 SERVER_BUSY when every connection of the pool stays busy past the wait, and serves once one is free', async () => {
    if (!onPostgres) return skippedOnPglite('pool busy');
    const database = await createTestDatabase({ forThisTest: true });
    const narrow = await openPoolWith(database, { poolSize: 1, connectTimeoutMs: 200 });
    const t = await buildTestApp({ database: narrow });
    const ask = askPasswordEmail(t.app);
    // the requests' pool's one connection, held by a transaction (withConnection is the background pool's)
    const held = await holdInTransaction(narrow.db, sql`select 1`);
    const busy = await ask('com-o-pool-ocupado-1');
    expect([busy.statusCode, busy.json()]).toEqual([503, { code: 'SERVER_BUSY', message: MESSAGES.serverBusy }]);
    expect(busy.headers['retry-after']).toBe('5');
    await held.release();
    // nothing of the refused request ran: the same key now does its work, once
    await expectDoneOnce(ask, 'com-o-pool-ocupado-1');
    await t.app.close();
  });

  it('cancels a statement of a request past its limit: 503 DATABASE_TIMEOUT, nothing kept, and serves once it is free', async () => {
    if (!onPostgres) return skippedOnPglite('statement timeout');
    const database = await createTestDatabase({ forThisTest: true });
    const limited = await openPoolWith(database, {
      poolSize: 2,
      statementTimeoutMs: 300,
      backgroundStatementTimeoutMs: 5_000,
    });
    const holder = await openPoolWith(database, { poolSize: 1 });
    const t = await buildTestApp({ database: limited });
    const ask = askPasswordEmail(t.app);

    // the pools' limits as PostgreSQL holds them: the requests' cut, the background's not (a long run of an operator)
    const slow = sql`select pg_sleep(0.6) is null as slept`;
    const cut = await rows(limited.db, slow).catch((err: unknown) => err);
    expect(pgErrorCode(cut)).toBe('57014');
    expect(await rows(limited.background, slow)).toEqual([{ slept: false }]);

    // a stuck holder keeps the customers' table locked: the request waits 300 ms, no more, and says so
    const held = await holdInTransaction(holder.db, sql`lock table users in access exclusive mode`);
    const started = Date.now();
    const timedOut = await ask('com-a-tabela-presa-1');
    expect([timedOut.statusCode, timedOut.json()]).toEqual([
      503,
      { code: 'DATABASE_TIMEOUT', message: MESSAGES.databaseTimeout },
    ]);
    expect(timedOut.headers['retry-after']).toBe('5');
    expect(Date.now() - started).toBeLessThan(5_000);
    await held.release();

    // the refused request kept nothing: the same key now does its work, once
    await expectDoneOnce(ask, 'com-a-tabela-presa-1');
    await t.app.close();
  });

  it('gives back a connection lost as a transaction begins: the pool is whole again, not a connection short', async () => {
    if (!onPostgres) return skippedOnPglite('database away');
    const database = await createTestDatabase({ forThisTest: true });
    const relay = await relayTo(database.url as string);
    const one = await openDatabase({ url: relay.url, poolSize: 1, connectTimeoutMs: 500 });
    trackSecondary(one);
    const logged: string[] = [];
    one.setErrorLogger((_err, where) => logged.push(where));
    await one.db.execute(sql`select 1`);

    // the pool's one connection, idle, is lost as the transaction's `begin` goes out on it
    relay.dropNextWrite();
    await expect(withTransaction(one.db, (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(logged).toContain('connection lost');

    // the next statement gets a new connection at once, and so does every one after it
    for (let i = 0; i < 3; i++) {
      expect(await rows(one.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
    }
    expect(await withTransaction(one.db, (tx) => rows(tx, sql`select 2 as two`))).toEqual([{ two: 2 }]);
  });

  it('ends a transaction left idle past its window: its row locks go, and the pool is whole again', async () => {
    if (!onPostgres) return skippedOnPglite('idle in transaction');
    const database = await createTestDatabase({ forThisTest: true });
    const url = database.url as string;
    const stuck = await openDatabase({ url, poolSize: 1, idleInTransactionTimeoutMs: 300 });
    trackSecondary(stuck);
    const other = await openDatabase({ url, poolSize: 1 });
    trackSecondary(other);
    const logged: string[] = [];
    stuck.setErrorLogger((err, where) => logged.push(`${where}: ${err instanceof Error ? err.message : err}`));
    const [owner] = await rows<{ id: string }>(stuck.db, sql`select id from ledger_owners order by id limit 1`);
    const lockIt = sql`select id from ledger_owners where id = ${owner!.id} for no key update nowait`;

    // a holder takes a row lock and then waits on something that does not come back while the test looks
    let comeBack = () => {};
    let markLocked = () => {};
    const locked = new Promise<void>((resolve) => {
      markLocked = resolve;
    });
    const holder = withTransaction(stuck.db, async (tx) => {
      await tx.execute(lockIt);
      const back = new Promise<void>((resolve) => {
        comeBack = resolve;
      });
      markLocked();
      await back;
      return tx.execute(sql`select 1`);
    });
    // meanwhile the row is its own: another connection cannot have it
    await locked;
    const refused = await withTransaction(other.db, (tx) => tx.execute(lockIt)).catch((err: unknown) => err);
    expect(pgErrorCode(refused)).toBe('55P03'); // lock_not_available

    // past the window PostgreSQL ends the holder's session: the lock is free for the others (the session's end reaches
    // the holder's connection a moment before its backend has let its locks go)
    await vi.waitFor(() => expect(logged.join('\n')).toMatch(/idle-in-transaction timeout/), { timeout: 5_000 });
    await vi.waitFor(
      async () => expect(await withTransaction(other.db, (tx) => rows(tx, lockIt))).toEqual([{ id: owner!.id }]),
      { timeout: 5_000 },
    );

    // the holder, back at last, learns its transaction is gone (503 DATABASE_UNAVAILABLE at the API), and the pool
    // serves its next statement on a new connection
    comeBack();
    const failed = await holder.then(
      () => null,
      (err: unknown) => err,
    );
    expect(isDatabaseUnavailable(failed)).toBe(true);
    expect(await rows(stuck.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
});
