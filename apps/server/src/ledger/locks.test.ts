import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, skippedOnPglite } from '../../test/helpers';
import type { Database, Tx } from '@/db/client';
import { rows } from '@/db/sql';
import { pgErrorCode } from '@/db/tx';
import { createLedgerUsers } from '../../test/ledger-users';
import { getBalances, postBatch, reconcile, type TransferInput } from './index';

skippedOnPglite('ledger_lock_call');

type Mode = 'for no key update' | 'for key share' | 'for update';

/** Whether another connection could take `mode` on the owner right now (NOWAIT: 55P03 when it could not). */
async function free(database: Database, owner: number, mode: Mode): Promise<boolean> {
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`select 1 from ledger_owners where id = ${owner} ${mode} nowait`));
    });
    return true;
  } catch (err) {
    if (pgErrorCode(err) === '55P03') return false;
    throw err;
  }
}

const note = async (tx: Tx) =>
  String(
    (await rows<{ n: string | null }>(tx, sql`select current_setting('prata.ledger_locked', true) as n`))[0]?.n ?? '',
  );
const lockCall = (tx: Tx, n: number[], k: number[]) =>
  tx.execute(sql`select ledger_lock_call(${`{${n.join(',')}}`}::bigint[], ${`{${k.join(',')}}`}::bigint[])`);

/** The ledger owners of `count` new customers, in id order. */
async function ownersOf(database: Database, count: number): Promise<number[]> {
  const users = await createLedgerUsers(database.db, count);
  const found = await rows<{ id: string }>(
    database.db,
    sql`select o.id from ledger_owners o where o.user_id = any(${`{${users.join(',')}}`}::bigint[]) order by o.id`,
  );
  return found.map((r) => Number(r.id));
}

/**
 * ledger_lock_call (db/functions/ledger_locks.sql) takes what a ledger call needs and notes it for the transaction; an
 * owner noted in the mode asked or a stronger one is not taken again. Seen from another connection with NOWAIT.
 */
describe.skipIf(!onPostgres)('ledger_lock_call', () => {
  it('locks the owners in their modes, notes them once, and upgrades a key share to no key update', async () => {
    const database = await createTestDatabase({ poolSize: 4, forThisTest: true });
    const owners = await ownersOf(database, 3);
    expect(owners).toHaveLength(3);
    const [o1, o2, o3] = owners as [number, number, number];

    await database.db.transaction(async (tx) => {
      await lockCall(tx, [o2], [o3]);
      expect(await note(tx)).toBe(`,n${o2},k${o3},`);
      expect(await free(database, o2, 'for no key update')).toBe(false);
      expect(await free(database, o2, 'for key share')).toBe(true);
      expect(await free(database, o3, 'for key share')).toBe(true);
      expect(await free(database, o3, 'for update')).toBe(false);
      expect(await free(database, o1, 'for update')).toBe(true);

      // noted already, in the mode asked or a stronger one: nothing taken, nothing noted
      await lockCall(tx, [o2], [o2, o3]);
      expect(await note(tx)).toBe(`,n${o2},k${o3},`);

      // below the transaction's highest owner: taken out of order (never queued), and noted
      await lockCall(tx, [o1], []);
      expect(await note(tx)).toBe(`,n${o2},k${o3},n${o1},`);
      expect(await free(database, o1, 'for no key update')).toBe(false);

      // a key share asked again for no key update is taken again
      expect(await free(database, o3, 'for no key update')).toBe(true);
      await lockCall(tx, [o3, o3], []);
      expect(await note(tx)).toBe(`,n${o2},k${o3},n${o1},n${o3},`);
      expect(await free(database, o3, 'for no key update')).toBe(false);
    });
    // the note and the locks end with the transaction
    expect(await free(database, o2, 'for update')).toBe(true);
    await database.db.transaction(async (tx) => expect(await note(tx)).toBe(''));
  });

  it('takes a batch whose modes alternate in one pass, in order, each owner once in its stronger mode', async () => {
    const database = await createTestDatabase({ poolSize: 4, forThisTest: true });
    const owners = await ownersOf(database, 5);
    const [o1, o2, o3, o4, o5] = owners as [number, number, number, number, number];

    await database.db.transaction(async (tx) => {
      // ascending: n, k, n, k, and o5 asked in both modes (no key update wins); the lists out of order and repeated
      await lockCall(tx, [o5, o3, o1, o3], [o4, o2, o5, o2]);
      expect(await note(tx)).toBe(`,n${o1},k${o2},n${o3},k${o4},n${o5},`);
      for (const o of [o1, o3, o5]) expect(await free(database, o, 'for no key update')).toBe(false);
      for (const o of [o2, o4]) {
        expect(await free(database, o, 'for key share')).toBe(true);
        expect(await free(database, o, 'for update')).toBe(false);
      }
      // asked again: all noted, nothing taken
      await lockCall(tx, [o1, o3], [o2, o4, o5]);
      expect(await note(tx)).toBe(`,n${o1},k${o2},n${o3},k${o4},n${o5},`);
    });
    for (const o of owners) expect(await free(database, o, 'for update')).toBe(true);
  });

  it('takes a credited owner below the debited one in order: it waits for a closing rather than giving up', async () => {
    const database = await createTestDatabase({ poolSize: 4, forThisTest: true });
    const [low, high] = (await ownersOf(database, 2)) as [number, number];
    // another transaction holds the credited owner as a closing would (for update) for 300 ms: more than the ~100 ms an
    // out-of-order lock polls before it gives up with 40001
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let holding!: () => void;
    const isHeld = new Promise<void>((r) => {
      holding = r;
    });
    const closing = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ledger_owners where id = ${low} for update`);
      holding();
      await held;
    });
    await isHeld;
    const timer = setTimeout(release, 300);
    const started = performance.now();
    await database.db.transaction(async (tx) => {
      await lockCall(tx, [high], [low]);
      expect(await note(tx)).toBe(`,k${low},n${high},`);
    });
    expect(performance.now() - started).toBeGreaterThanOrEqual(250);
    clearTimeout(timer);
    await closing;
  });

  it('20 batches at once whose lock modes alternate, each locked in one statement: no deadlock, nothing lost', async () => {
    const database = await createTestDatabase({ poolSize: 24, forThisTest: true });
    const users = await createLedgerUsers(database.db, 12);
    // by id: a payer, a payee, a payer ... so each batch's owners alternate no key update and key share
    const payers = users.filter((_, i) => i % 2 === 0);
    const payees = users.filter((_, i) => i % 2 === 1);
    const funded = await postBatch(
      database.db,
      payers.map((c) => ({
        id: `fund:${c}`,
        debit: { system: 'pix:clearing' },
        credit: { customer: c, bucket: 'available' },
        currency: 'BRL',
        amount: 100_000,
        code: 'deposit',
      })),
    );
    expect(funded.every((r) => r.ok)).toBe(true);

    const paid = new Map<number, number>();
    const batches = Array.from({ length: 20 }, (_, b) =>
      Array.from({ length: 40 }, (_, k): TransferInput => {
        const from = payers[(b * 7 + k * 5) % payers.length]!;
        const to = payees[(b * 3 + k * 11) % payees.length]!;
        const amount = 1 + ((b * 40 + k) % 97);
        paid.set(from, (paid.get(from) ?? 0) - amount);
        paid.set(to, (paid.get(to) ?? 0) + amount);
        return {
          id: `alt:${b}:${k}`,
          debit: { customer: from, bucket: 'available' },
          credit: { customer: to, bucket: 'available' },
          currency: 'BRL',
          amount,
          code: 'transfer',
        };
      }),
    );
    // each in a transaction of its own and without retries: a deadlock (40P01) or a lock taken out of order (40001)
    // would fail it
    const answers = await Promise.all(
      batches.map((transfers) => database.db.transaction((tx) => postBatch(tx, transfers))),
    );
    expect(answers.flat().every((r) => r.ok && !r.duplicate)).toBe(true);
    for (const c of users) {
      const start = payers.includes(c) ? 100_000 : 0;
      expect((await getBalances(database.db, c)).BRL.available).toBe(start + (paid.get(c) ?? 0));
    }
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
  });
});
