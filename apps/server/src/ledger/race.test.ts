import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, onPostgres, skippedOnPglite } from '../../test/helpers';
import type { Database, Tx } from '@/db/client';
import { pgErrorCode, withTransaction } from '@/db/tx';
import {
  type AccountRef,
  balanceOf,
  type CommandResult,
  closeAccount,
  execute,
  getBalances,
  getHold,
  type LedgerCommand,
  lockOwners,
  post,
  reconcile,
} from './index';
import { createLedgerUsers } from '../../test/ledger-users';

const avail = (customer: number): AccountRef => ({ customer, bucket: 'available' });

skippedOnPglite('ledger: concurrent postings');

/**
 * A transaction without withTransaction's retries: a deadlock (40P01) fails the test. A serialization failure (40001:
 * an owner needed out of lock order was busy, docs/ledger.md) is retried here and counted.
 */
async function inTransaction<T>(database: Database, fn: (tx: Tx) => Promise<T>, stats: { retries: number }) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await database.db.transaction(fn);
    } catch (err) {
      if (pgErrorCode(err) !== '40001' || attempt >= 100) throw err;
      stats.retries++;
      await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
    }
  }
}

describe.skipIf(!onPostgres)('ledger: concurrent postings', () => {
  it('200 concurrent debits of R$ 1,00 on R$ 100,00: exactly 100 succeed, the balance ends at 0, never below', async () => {
    const database = await createTestDatabase({ poolSize: 20, forThisTest: true });
    const [A] = (await createLedgerUsers(database.db, 1)) as [number];
    await post(database.db, {
      id: 'deposit:race',
      debit: { system: 'pix:clearing' },
      credit: avail(A),
      currency: 'BRL',
      amount: 10000,
      code: 'deposit',
    });

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
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        withTransaction(database.db, (tx) =>
          post(tx, {
            id: `race.withdrawal:${i}`,
            debit: avail(A),
            credit: { system: 'payout:clearing' },
            currency: 'BRL',
            amount: 100,
            code: 'payout',
          }),
        ),
      ),
    );
    const elapsed = performance.now() - started;
    watching = false;
    await watcher;

    expect(results.filter((r) => r.ok).length).toBe(100);
    expect(results.filter((r) => !r.ok && r.reason === 'insufficient_funds').length).toBe(100);
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: 0, held: 0 });
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    console.info(`[ledger race] 200 concurrent debits in ${elapsed.toFixed(0)} ms`);
  });

  it('hold then post in one transaction, 60 at once on two customers in both directions: no deadlock', async () => {
    const database = await createTestDatabase({ poolSize: 20, forThisTest: true });
    const [A, B] = (await createLedgerUsers(database.db, 2)) as [number, number];
    for (const c of [A, B]) {
      await post(database.db, {
        id: `fund:${c}`,
        debit: { system: 'pix:clearing' },
        credit: avail(c),
        currency: 'BRL',
        amount: 100_000,
        code: 'deposit',
      });
    }
    const stats = { retries: 0 };
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const [from, to] = i % 2 === 0 ? [A, B] : [B, A];
        return inTransaction(
          database,
          async (tx) => {
            await execute(tx, [
              {
                kind: 'hold',
                id: `order:${i}`,
                holder: { customer: from },
                currency: 'BRL',
                amount: 100,
                reason: 'order',
                reference: `order:${i}`,
              },
            ]);
            await post(tx, {
              id: `pay:${i}`,
              debit: avail(from),
              credit: avail(to),
              currency: 'BRL',
              amount: 10,
              code: 'transfer',
            });
            await post(tx, {
              id: `fee:${i}`,
              debit: avail(from),
              credit: { system: 'revenue:operating-fee' },
              currency: 'BRL',
              amount: 1,
              code: 'fee',
            });
          },
          stats,
        );
      }),
    );
    const a = await getBalances(database.db, A);
    const b = await getBalances(database.db, B);
    expect(a.BRL).toEqual({ available: 100_000 - 30 * 100 - 30 * 10 + 30 * 10 - 30, held: 3000 });
    expect(stats.retries).toBe(0);
    expect(b.BRL).toEqual(a.BRL);
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    console.info(`[ledger race] hold then post x60: ${stats.retries} retries on lock order, 0 deadlocks`);
  });

  it('200 mixed hold/release/capture/post calls on the same accounts, some several to a transaction in different orders: no deadlock, nothing lost, each hold resolved once', {
    timeout: 120_000,
  }, async () => {
    const database = await createTestDatabase({ poolSize: 24, forThisTest: true });
    const customers = (await createLedgerUsers(database.db, 3)) as [number, number, number];
    const FUND = 1_000_000;
    for (const c of customers) {
      await post(database.db, {
        id: `fund:${c}`,
        debit: { system: 'pix:clearing' },
        credit: avail(c),
        currency: 'BRL',
        amount: FUND,
        code: 'deposit',
      });
    }
    // 40 holds placed before the race, each of them then released or captured by several calls at once
    const pre = Array.from({ length: 40 }, (_, i) => ({
      id: `pre:${i}`,
      customer: customers[i % 3]!,
      amount: 1000 + i,
    }));
    for (const h of pre) {
      await execute(database.db, [
        {
          kind: 'hold',
          id: h.id,
          holder: { customer: h.customer },
          currency: 'BRL',
          amount: h.amount,
          reason: 'order',
          reference: h.id,
        },
      ]);
    }

    let seq = 0;
    let rnd = 42;
    const random = () => {
      rnd = (rnd * 1103515245 + 12345) % 2 ** 31;
      return rnd / 2 ** 31;
    };
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    const call = (): LedgerCommand => {
      const roll = random();
      const x = pick(customers);
      const y = pick(customers.filter((c) => c !== x));
      if (roll < 0.3)
        return {
          kind: 'transfer',
          id: `t:${seq++}`,
          debit: avail(x),
          credit: avail(y),
          currency: 'BRL',
          amount: 1 + Math.floor(random() * 500),
          code: 'transfer',
        };
      if (roll < 0.45)
        return {
          kind: 'hold',
          id: `h:${seq++}`,
          holder: { customer: x },
          currency: 'BRL',
          amount: 1 + Math.floor(random() * 500),
          reason: 'order',
          reference: 'r',
        };
      const h = pick(pre);
      if (roll < 0.7) return { kind: 'release', holdId: h.id };
      return {
        kind: 'capture',
        holdId: h.id,
        currency: 'BRL',
        parts: [
          { to: avail(pick(customers.filter((c) => c !== h.customer))), amount: 500, code: 'trade.value' },
          { to: { system: 'revenue:operating-fee' }, amount: 7, code: 'fee' },
        ],
      };
    };
    // Whose balance a call lowers: its lock is the one that can be needed out of order.
    const debited = (c: LedgerCommand): number =>
      c.kind === 'transfer'
        ? (c.debit as { customer: number }).customer
        : c.kind === 'hold'
          ? (c.holder as { customer: number }).customer
          : pre.find((p) => p.id === c.holdId)!.customer;
    // 120 transactions of one call, 20 of four calls in their own order: 200 calls. Half of the four-call ones name
    // the customers they will debit first (lockOwners); the others take their locks call by call, in whatever order.
    const transactions: Array<{ calls: LedgerCommand[]; declare: boolean }> = [
      ...Array.from({ length: 120 }, () => ({ calls: [call()], declare: false })),
      ...Array.from({ length: 20 }, (_, i) => ({ calls: [call(), call(), call(), call()], declare: i % 2 === 0 })),
    ].sort(() => random() - 0.5);

    const stats = { retries: 0 };
    const declared = { retries: 0 };
    const started = performance.now();
    const outcomes = await Promise.all(
      transactions.map(({ calls, declare }) =>
        inTransaction(
          database,
          async (tx) => {
            if (declare)
              await lockOwners(
                tx,
                calls.map((c) => ({ customer: debited(c) })),
              );
            const out: Array<[LedgerCommand, CommandResult]> = [];
            for (const c of calls) out.push([c, (await execute(tx, [c]))[0]!]);
            return out;
          },
          declare ? declared : stats,
        ),
      ),
    );
    const elapsed = performance.now() - started;
    const done = outcomes.flat();
    expect(done).toHaveLength(200);

    // Replay what each call answered: the balances must be exactly that.
    const expected = new Map<string, number>(
      customers.flatMap((c) => [
        [`${c}:a`, FUND],
        [`${c}:h`, 0],
      ]),
    );
    const add = (k: string, n: number) => expected.set(k, (expected.get(k) ?? 0) + n);
    for (const h of pre) {
      add(`${h.customer}:a`, -h.amount);
      add(`${h.customer}:h`, h.amount);
    }
    const resolvedBy = new Map<string, string>();
    for (const [c, r] of done) {
      if (!r.ok || r.duplicate) continue;
      if (c.kind === 'transfer') {
        add(`${(c.debit as { customer: number }).customer}:a`, -c.amount);
        add(`${(c.credit as { customer: number }).customer}:a`, c.amount);
      } else if (c.kind === 'hold') {
        const x = (c.holder as { customer: number }).customer;
        add(`${x}:a`, -c.amount);
        add(`${x}:h`, c.amount);
      } else {
        const h = pre.find((p) => p.id === c.holdId)!;
        expect(resolvedBy.has(h.id)).toBe(false); // exactly once
        resolvedBy.set(h.id, c.kind);
        add(`${h.customer}:h`, -h.amount);
        if (c.kind === 'release') add(`${h.customer}:a`, h.amount);
        else {
          add(`${(c.parts[0]!.to as { customer: number }).customer}:a`, 500);
          add(`${h.customer}:a`, h.amount - 507);
        }
      }
    }
    for (const c of customers) {
      const b = await getBalances(database.db, c);
      expect({ c, ...b.BRL }).toEqual({ c, available: expected.get(`${c}:a`), held: expected.get(`${c}:h`) });
    }
    const stateAfter = { capture: 'captured', release: 'released' } as Record<string, string>;
    for (const h of pre) {
      expect((await getHold(database.db, h.id))?.state).toBe(stateAfter[resolvedBy.get(h.id) ?? ''] ?? 'held');
    }
    expect(declared.retries).toBe(0);
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    const refused = done.filter(([, r]) => !r.ok).length;
    console.info(
      `[ledger race] 200 mixed calls in ${transactions.length} transactions, ${elapsed.toFixed(0)} ms: 0 deadlocks; retries on lock order: ${stats.retries} undeclared, ${declared.retries} declared; ${refused} refused (hold already resolved)`,
    );
  });

  it('closing races a deposit: one of the two wins, nothing is lost (40 rounds)', async () => {
    const database = await createTestDatabase({ poolSize: 10, forThisTest: true });
    const users = await createLedgerUsers(database.db, 40);
    let closedFirst = 0;
    let depositFirst = 0;
    await Promise.all(
      users.map(async (u, i) => {
        const jitter = () => new Promise((r) => setTimeout(r, Math.random() * 4));
        const [closed, deposited] = await Promise.all([
          (async () => {
            await jitter();
            return withTransaction(database.db, async (tx) => {
              const r = await closeAccount(tx, u);
              // hold the close open a moment, as the profile's closure does more work in it
              await tx.execute(sql`select pg_sleep(0.005)`);
              return r;
            });
          })(),
          (async () => {
            await jitter();
            return withTransaction(database.db, (tx) =>
              post(tx, {
                id: `deposit:${i}`,
                debit: { system: 'pix:clearing' },
                credit: avail(u),
                currency: 'BRL',
                amount: 100,
                code: 'deposit',
              }),
            );
          })(),
        ]);
        const balance = (await getBalances(database.db, u)).BRL.available;
        if (closed.ok) {
          expect(deposited).toEqual({ ok: false, reason: 'account_closed', account: `customer:${u}:available:BRL` });
          expect(balance).toBe(0);
          closedFirst++;
        } else {
          expect(closed).toMatchObject({ reason: 'balance_remaining' });
          expect(deposited).toMatchObject({ ok: true });
          expect(balance).toBe(100);
          depositFirst++;
        }
      }),
    );
    expect(closedFirst + depositFirst).toBe(40);
    expect(await balanceOf(database.db, { system: 'pix:clearing' }, 'BRL')).toBe(100 * depositFirst);
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    console.info(`[ledger race] close vs deposit: closing won ${closedFirst}, the deposit won ${depositFirst}`);
  });

  it('hot accounts never wait: fees, clearing and credits to a customer go through while another transaction holds them', async () => {
    const database = await createTestDatabase({ poolSize: 20, forThisTest: true });
    const [A, B, ...payers] = await createLedgerUsers(database.db, 18);
    for (const c of [A!, ...payers]) {
      await post(database.db, {
        id: `fund:${c}`,
        debit: { system: 'pix:clearing' },
        credit: avail(c),
        currency: 'BRL',
        amount: 100_000,
        code: 'deposit',
      });
    }
    // One transaction pays a fee from A and a deposit to B, and stays open.
    let finish!: () => void;
    const open = new Promise<void>((r) => {
      finish = r;
    });
    let entered!: () => void;
    const inside = new Promise<void>((r) => {
      entered = r;
    });
    const holder = database.db.transaction(async (tx) => {
      await post(tx, {
        id: 'slow:fee',
        debit: avail(A!),
        credit: { system: 'revenue:operating-fee' },
        currency: 'BRL',
        amount: 1,
        code: 'fee',
      });
      await post(tx, {
        id: 'slow:deposit',
        debit: { system: 'pix:clearing' },
        credit: avail(B!),
        currency: 'BRL',
        amount: 1,
        code: 'deposit',
      });
      entered();
      await open;
    });
    await inside;

    // Sixteen others, each paying from a customer of its own, post to the same fee account, the same clearing account
    // and the same customer B at once, with a lock timeout: any wait on a row lock would fail them.
    const started = performance.now();
    const others = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`set local lock_timeout = '300ms'`);
          return execute(tx, [
            {
              kind: 'transfer',
              id: `fast:deposit:${i}`,
              debit: { system: 'pix:clearing' },
              credit: avail(B!),
              currency: 'BRL',
              amount: 10,
              code: 'deposit',
            },
            {
              kind: 'transfer',
              id: `fast:fee:${i}`,
              debit: avail(payers[i]!),
              credit: { system: 'revenue:operating-fee' },
              currency: 'BRL',
              amount: 1,
              code: 'fee',
            },
          ]);
        }),
      ),
    );
    const elapsed = performance.now() - started;
    finish();
    await holder;
    expect(others.flat().every((r) => r.ok)).toBe(true);
    expect(await balanceOf(database.db, { system: 'revenue:operating-fee' }, 'BRL')).toBe(17);
    expect((await getBalances(database.db, B!)).BRL.available).toBe(1 + 16 * 10);
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    console.info(`[ledger race] 16 postings to held-open hot accounts in ${elapsed.toFixed(0)} ms, none waited`);
  });
});
