import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { orderCost } from '@prata/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '@/db/client';
import { getBalances, reconcile } from '@/ledger/index';
import { withDatabase } from './global-setup';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  type Customer,
  fundCustomer,
  latestCode,
  onPostgres,
  skippedOnPglite,
  type TestApp,
} from './helpers';
import { trackDatabase } from './setup';

/**
 * docs/operations.md's backup, done as written: money goes into a database through the API, the machine's `pg_dump -Fc`
 * copies it, `pg_restore` puts it into a fresh database, and there the reconciliation passes and every balance equals
 * the original's. PostgreSQL only: PGlite has no pg_dump.
 */

/** The machine's PostgreSQL client program: on the PATH, or in Debian's /usr/lib/postgresql/<version>/bin. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  for (const version of ['17', '16', '15']) {
    const candidate = `/usr/lib/postgresql/${version}/bin/${name}`;
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`${name} não encontrado (instale postgresql-client-15)`);
}

type Row = Record<string, unknown>;
const all = async (database: Database, query: ReturnType<typeof sql>) =>
  (await database.db.execute(query)) as unknown as { rows: Row[] };

/** Every ledger balance, every hold and the count of each money table: what a restore must give back unchanged. */
async function snapshot(database: Database) {
  const balances = await all(
    database,
    sql`select code, currency, (credits_posted - debits_posted)::text as balance
          from ledger_balances order by code, currency`,
  );
  const holds = await all(
    database,
    sql`select hold_id, currency, amount::text, state from ledger_holds order by hold_id`,
  );
  const counts = await all(
    database,
    sql`select (select count(*) from ledger_transfers)::int as transfers,
               (select count(*) from deposits)::int as deposits,
               (select count(*) from orders)::int as orders,
               (select count(*) from silver_transfers)::int as silver_transfers,
               (select count(*) from users)::int as users`,
  );
  return { balances: balances.rows, holds: holds.rows, counts: counts.rows[0] };
}

describe('a pg_dump of a database with money in it restores, reconciled and with the same balances', () => {
  it('deposits, trades and a transfer survive pg_dump -Fc and pg_restore into a fresh database', async () => {
    if (!onPostgres) return skippedOnPglite('backup e restauração com pg_dump/pg_restore');
    const t: TestApp = await buildTestApp();
    const url = t.database.url!;

    // Money in through the app: Pix charges asked for by the customers and paid by the provider's webhook.
    const buyers: Customer[] = [];
    for (const name of ['Ana Cópia', 'Bruno Restauração', 'Célia Backup']) {
      const c = await approvedCustomer(t, { name });
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/deposit/pix',
        headers: bearer(c.token),
        payload: { amount: '2000,00' },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const delivery = t.adapters.payments.simulatePayment!({
        paymentId: asked.json().deposit.asaas_payment_id,
        reference: 'x',
        amountCents: 200_000,
      });
      const paid = await t.app.inject({
        method: 'POST',
        url: '/api/webhooks/payments',
        headers: delivery.headers,
        payload: delivery.body as object,
      });
      expect(paid.json().outcome).toBe('credited');
      buyers.push(c);
    }
    // Silver in custody for two sellers (a physical deposit, booked from the vault).
    const sellers: Customer[] = [];
    for (const name of ['Davi Vendedor', 'Eva Vendedora']) {
      const c = await approvedCustomer(t, { name });
      await fundCustomer(t.database, c.id, 'AG', 50_000);
      sellers.push(c);
    }
    // Orders that trade: each seller rests two asks, the buyers take them; one order stays resting (a hold).
    const place = (c: Customer, side: 'buy' | 'sell', price: number, quantity: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/order/${side}`,
        headers: bearer(c.token),
        payload: {
          mode: 'limit',
          price_per_gram: price / 100,
          quantity_grams: quantity / 100,
          total_amount:
            orderCost({ side, pricePerGramCents: price, quantityCentigrams: quantity, feeRateBps: 50, iofRateBps: 38 })
              .totalCents / 100,
        },
      });
    for (const [i, s] of sellers.entries()) {
      for (const price of [600 + i, 610 + i]) expect((await place(s, 'sell', price, 3_000)).statusCode).toBe(201);
    }
    for (const [i, b] of buyers.entries()) {
      const r = await place(b, 'buy', 620, 2_000 + i * 1_000);
      expect(r.statusCode, r.body).toBe(201);
    }
    const resting = await place(buyers[0]!, 'buy', 500, 1_000);
    expect(resting.statusCode).toBe(201);
    const traded = await all(t.database, sql`select count(*)::int as n from trades`);
    expect(Number(traded.rows[0]!.n)).toBeGreaterThan(0);
    // A silver transfer between two customers, confirmed with the code sent by e-mail.
    const [from, to] = [sellers[0]!, buyers[1]!];
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/silver-transfer/verification-code',
      headers: bearer(from.token),
      payload: { quantity_grams: '12,5', receiver_email: to.email },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/silver-transfer',
      headers: bearer(from.token),
      payload: {
        verificationCode: await latestCode(t.database, from.email),
        receiver_id: to.id,
        receiver_email: to.email,
        quantity_grams: '12,5',
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const before = await snapshot(t.database);
    const customersBefore = await Promise.all([...buyers, ...sellers].map((c) => getBalances(t.database.db, c.id)));
    expect((await reconcile(t.database.db)).problems).toEqual([]);

    // The backup, as docs/operations.md writes it.
    const dir = await mkdtemp(path.join(tmpdir(), 'prata-backup-'));
    const file = path.join(dir, 'prata.dump');
    try {
      execFileSync(pgTool('pg_dump'), ['--format=custom', '--file', file, '--dbname', url], { stdio: 'pipe' });
      expect((await stat(file)).size).toBeGreaterThan(0);
      const restoredName = `prata_t_${process.ppid}_restored_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        await admin.query(`create database ${restoredName} template template0`);
      } finally {
        await admin.end();
      }
      const restoredUrl = withDatabase(url, restoredName);
      execFileSync(
        pgTool('pg_restore'),
        ['--exit-on-error', '--no-owner', '--single-transaction', '--dbname', restoredUrl, file],
        { stdio: 'pipe' },
      );
      const restored = await openDatabase({ url: restoredUrl, poolSize: 2 });
      trackDatabase(restored); // reconciled again and closed after the file, like every test database
      const r = await reconcile(restored.db);
      expect(r.problems).toEqual([]);
      expect(r.ok).toBe(true);
      const after = await snapshot(restored);
      expect(after.balances.length).toBeGreaterThan(10);
      expect(after).toEqual(before);
      const customersAfter = await Promise.all([...buyers, ...sellers].map((c) => getBalances(restored.db, c.id)));
      expect(customersAfter).toEqual(customersBefore);
      console.log(
        `backup-restore: ${(await stat(file)).size} bytes, ${after.balances.length} saldos e ${Number(after.counts?.transfers)} lançamentos iguais após pg_restore; conciliação ok`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
