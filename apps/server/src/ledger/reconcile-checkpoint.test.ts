import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, openSecondPool } from '../../test/helpers';
import { createLedgerUsers } from '../../test/ledger-users';
import type { Database } from '@/db/client';
import { rows } from '@/db/sql';
import { hold, post, reconcile, reconcileFromCheckpoint, requireOk } from './index';

// The reconciliation from its checkpoint (docs/ledger.md "Reconciliation"): an incremental run finds what a full run
// finds in the ledger, before and after the checkpoint, and two runs never go at once.

const run = (database: Database, full = false) => reconcileFromCheckpoint(database.db, { full, graceMs: 0 });

async function checkpoint(database: Database) {
  const [s] = await rows<{ horizon_id: string | null; mark_id: string | null }>(
    database.db,
    sql`select horizon_id::text, mark_id::text from ledger_reconcile_state`,
  );
  return s!;
}

async function deposit(database: Database, id: string, customer: number, amount: number) {
  requireOk(
    await post(database.db, {
      id,
      debit: { system: 'vault' },
      credit: { customer, bucket: 'available' },
      currency: 'AG',
      amount,
      code: 'deposit',
    }),
  );
}

describe('ledger: the reconciliation from its checkpoint', () => {
  let database: Database;
  let A: number;
  let B: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    [A, B] = (await createLedgerUsers(database.db, 2)) as [number, number];
    await deposit(database, 'before:1', A, 1_000);
    await deposit(database, 'before:2', B, 500);
  });

  it('runs in full until a checkpoint exists, then from it, and stays clean', async () => {
    expect(await run(database)).toEqual({ ok: true, problems: [], full: true });
    const marked = await checkpoint(database);
    expect(marked.horizon_id).toBeNull();
    expect(marked.mark_id).not.toBeNull();
    // the mark becomes the horizon once every transaction running at it has ended: the sums are derived up to it
    expect(await run(database)).toEqual({ ok: true, problems: [], full: true });
    expect((await checkpoint(database)).horizon_id).toBe(marked.mark_id);
    await deposit(database, 'after:1', A, 250);
    expect(await run(database)).toEqual({ ok: true, problems: [], full: false });
    const [sums] = await rows<{ credits: string }>(
      database.db,
      sql`select k.credits::text from ledger_reconcile_totals k join ledger_accounts a on a.id = k.account_id
           where a.code = ${`customer:${B}:available:AG`}`,
    );
    expect(sums!.credits).toBe('500');
  });

  it('finds a balance changed without a transfer before the checkpoint, as a full run does', async () => {
    const code = `customer:${B}:available:AG`;
    await database.db.execute(sql`update ledger_accounts set credits_posted = credits_posted + 7 where code = ${code}`);
    const incremental = await run(database);
    expect(incremental?.full).toBe(false);
    const expected = `${code}: saldo com débitos 0 e créditos 507, mas os lançamentos somam 0 e 500`;
    expect(incremental?.problems).toContain(expected);
    expect((await reconcile(database.db)).problems).toEqual(incremental?.problems);
    await database.db.execute(sql`update ledger_accounts set credits_posted = credits_posted - 7 where code = ${code}`);
    expect((await run(database))?.ok).toBe(true);
  });

  it('finds a balance and a hold broken after the checkpoint, as a full run does', async () => {
    await deposit(database, 'after:2', B, 300);
    const held = await hold(database.db, {
      id: 'after-hold',
      holder: { customer: B },
      currency: 'AG',
      amount: 100,
      reason: 'order',
      reference: 'order:after',
    });
    requireOk(held);
    const code = `customer:${B}:available:AG`;
    await database.db.execute(sql`update ledger_accounts set debits_posted = debits_posted + 1 where code = ${code}`);
    await database.db.execute(sql`update ledger_holds set amount = 90 where hold_id = 'after-hold'`);
    const incremental = await run(database);
    expect(incremental?.full).toBe(false);
    expect(incremental?.problems).toContain('reserva after-hold: reservado 100 em vez de 90');
    expect(incremental?.problems.some((p) => p.startsWith(`${code}: saldo com débitos 101`))).toBe(true);
    expect(incremental?.problems).toEqual((await reconcile(database.db)).problems);
    // a full run says the same and derives the checkpoint again
    expect((await run(database, true))?.problems).toEqual(incremental?.problems);
    await database.db.execute(sql`update ledger_accounts set debits_posted = debits_posted - 1 where code = ${code}`);
    await database.db.execute(sql`update ledger_holds set amount = 100 where hold_id = 'after-hold'`);
    expect(await run(database)).toEqual({ ok: true, problems: [], full: false });
  });

  it('marks the highest id handed out, also when the sequence was set for its next call (a bulk load, a restore)', async () => {
    const [top] = await rows<{ id: string }>(database.db, sql`select max(id)::text as id from ledger_transfers`);
    await database.db.execute(sql`select setval('ledger_transfers_id_seq', ${top!.id}::bigint + 1, false)`);
    await run(database, true);
    await run(database, true);
    const { horizon_id } = await checkpoint(database);
    expect(horizon_id).toBe(top!.id);
    // the next run reads only what came after it, and finds the ledger clean
    await deposit(database, 'after:3', A, 10);
    expect(await run(database)).toEqual({ ok: true, problems: [], full: false });
  });

  it.skipIf(!onPostgres)('is not run twice at once: a second run while one holds the lock answers null', async () => {
    // a second instance (its own pool, closed with the file) holds the run's lock
    const other = await openSecondPool(database);
    await other.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(727044)`);
      expect(await run(database)).toBeNull();
    });
    expect((await run(database))?.ok).toBe(true);
  });
});
