import { describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, skippedOnPglite } from '../../test/helpers';
import { withTransaction } from '../db/tx';
import { type AccountRef, getBalances, InsufficientFundsError, post, reconcile } from './index';
import { createLedgerUsers } from './testing';

const avail = (customer: number): AccountRef => ({ customer, bucket: 'available' });

skippedOnPglite('ledger: concurrent postings');

describe.skipIf(!onPostgres)('ledger: concurrent postings', () => {
  it('200 concurrent debits of R$ 1,00 on R$ 100,00: exactly 100 succeed, the balance ends at 0, never below', async () => {
    const database = await createTestDatabase({ poolSize: 20 });
    const [A] = (await createLedgerUsers(database.db, 1)) as [number];
    await post(database.db, { type: 'deposit', id: 'race' }, [
      { debit: { system: 'pix:clearing' }, credit: avail(A), currency: 'BRL', amount: 10000, code: 'deposit' },
    ]);

    // Someone watching the balance while the race runs never sees it below zero.
    let lowest = Number.POSITIVE_INFINITY;
    let watching = true;
    const watcher = (async () => {
      while (watching) {
        lowest = Math.min(lowest, (await getBalances(database.db, A)).BRL.available);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();

    const started = performance.now();
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        withTransaction(database.db, (tx) =>
          post(tx, { type: 'race.withdrawal', id: i }, [
            { debit: avail(A), credit: { system: 'payout:clearing' }, currency: 'BRL', amount: 100, code: 'payout' },
          ]),
        ),
      ),
    );
    const elapsed = performance.now() - started;
    watching = false;
    await watcher;

    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason);
    expect(failures.filter((e) => !(e instanceof InsufficientFundsError))).toEqual([]);
    expect(ok).toBe(100);
    expect(failures.length).toBe(100);
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: 0, held: 0 });
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    console.info(`[ledger race] ${database.kind}: 200 concurrent postings in ${elapsed.toFixed(0)} ms`);
  });

  it('opposite transfers between the same two customers at once neither deadlock nor lose anything', async () => {
    const database = await createTestDatabase({ poolSize: 20 });
    const [A, B] = (await createLedgerUsers(database.db, 2)) as [number, number];
    await post(database.db, { type: 'deposit', id: 'swap' }, [
      { debit: { system: 'pix:clearing' }, credit: avail(A), currency: 'BRL', amount: 10000, code: 'deposit' },
      { debit: { system: 'pix:clearing' }, credit: avail(B), currency: 'BRL', amount: 10000, code: 'deposit' },
    ]);
    const started = performance.now();
    // db.transaction, not withTransaction: a deadlock would surface here instead of being retried.
    await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        database.db.transaction((tx) =>
          post(tx, { type: 'swap', id: i }, [
            i % 2 === 0
              ? { debit: avail(A), credit: avail(B), currency: 'BRL', amount: 37, code: 'transfer' }
              : { debit: avail(B), credit: avail(A), currency: 'BRL', amount: 37, code: 'transfer' },
          ]),
        ),
      ),
    );
    const elapsed = performance.now() - started;
    expect((await getBalances(database.db, A)).BRL.available).toBe(10000);
    expect((await getBalances(database.db, B)).BRL.available).toBe(10000);
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    console.info(`[ledger race] ${database.kind}: 200 opposite transfers A<->B in ${elapsed.toFixed(0)} ms`);
  });
});
