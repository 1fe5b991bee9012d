import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { Database, Executor } from '@/db/client';
import { pgErrorCode, pgErrorDetail } from '@/db/tx';
import { rows } from '@/db/sql';
import type { AccountRef, Currency } from './accounts';
import { callLedger, execute, type LedgerCommand } from './execute';
import { type LedgerPlan, type OpenHold, planBatch } from './plan';
import { AccountFactsCache, planArguments, planArgumentsSql, resolvePlan } from './plan-resolve';
import { post } from './post';
import { reconcile } from './reconcile';
import { createLedgerUsers } from '../../test/ledger-users';
import { seededRandom } from '@/lib/seeded-random';

const cust = (id: number): AccountRef => ({ customer: id, bucket: 'available' });

/** A plan written on `ex` (inside the caller's transaction) as orders_apply_batch writes it: through ledger_entry. */
async function applyPlan(ex: Executor, plan: LedgerPlan, cache: AccountFactsCache): Promise<void> {
  const resolved = resolvePlan(plan, await cache.load(ex, plan));
  await callLedger(ex, `select ledger_entry(${planArgumentsSql(1)}) as r`, 'ledger_entry', planArguments(resolved));
}

describe('planBatch: the commands worked out', () => {
  const open = new Map<string, OpenHold>([
    ['old', { holder: { customer: 7 }, currency: 'AG', amount: 500, reason: 'order', reference: 'order:1' }],
  ]);
  const known = (id: string) => open.get(id);

  it("gives each command's transfers ledger_commands' ids, and the holds their end state", () => {
    const plan = planBatch(
      [
        {
          kind: 'hold',
          id: 'h1',
          holder: { customer: 5 },
          currency: 'BRL',
          amount: 1000,
          reason: 'order',
          reference: 'order:2',
        },
        {
          kind: 'capture',
          holdId: 'h1',
          currency: 'BRL',
          parts: [
            { to: cust(7), amount: 600, code: 'trade.value' },
            { to: { system: 'revenue:operating-fee' }, amount: 50, code: 'trade.fee' },
          ],
          remainderHoldId: 'h2',
        },
        { kind: 'release', holdId: 'h2' },
        { kind: 'capture', holdId: 'old', currency: 'AG', parts: [{ to: cust(5), amount: 200, code: 'trade.silver' }] },
        {
          kind: 'transfer',
          id: 't1',
          debit: cust(7),
          credit: { system: 'tax:iof' },
          currency: 'BRL',
          amount: 3,
          code: 'trade.iof',
        },
      ],
      known,
    );
    expect(plan.transfers).toEqual([
      {
        id: 'h1#hold',
        debitAccount: 'customer:5:available:BRL',
        creditAccount: 'customer:5:held:BRL',
        amount: 1000,
        code: 'hold',
        currency: 'BRL',
      },
      {
        id: 'h1#capture.1',
        debitAccount: 'customer:5:held:BRL',
        creditAccount: 'customer:7:available:BRL',
        amount: 600,
        code: 'trade.value',
        currency: 'BRL',
      },
      {
        id: 'h1#capture.2',
        debitAccount: 'customer:5:held:BRL',
        creditAccount: 'revenue:operating-fee',
        amount: 50,
        code: 'trade.fee',
        currency: 'BRL',
      },
      {
        id: 'h2#release',
        debitAccount: 'customer:5:held:BRL',
        creditAccount: 'customer:5:available:BRL',
        amount: 350,
        code: 'release',
        currency: 'BRL',
      },
      {
        id: 'old#capture.1',
        debitAccount: 'customer:7:held:AG',
        creditAccount: 'customer:5:available:AG',
        amount: 200,
        code: 'trade.silver',
        currency: 'AG',
      },
      {
        id: 'old#release',
        debitAccount: 'customer:7:held:AG',
        creditAccount: 'customer:7:available:AG',
        amount: 300,
        code: 'release',
        currency: 'AG',
      },
      {
        id: 't1',
        debitAccount: 'customer:7:available:BRL',
        creditAccount: 'tax:iof',
        amount: 3,
        code: 'trade.iof',
        currency: 'BRL',
      },
    ]);
    const held = {
      availableAccount: 'customer:5:available:BRL',
      heldAccount: 'customer:5:held:BRL',
      currency: 'BRL',
      reason: 'order',
      reference: 'order:2',
    };
    expect(plan.holdsOpened).toEqual([
      { id: 'h1', ...held, amount: 1000, state: 'captured', capturedAmount: 650, remainderHoldId: 'h2' },
      { id: 'h2', ...held, amount: 350, state: 'released', capturedAmount: null, remainderHoldId: null },
    ]);
    expect(plan.holdsClosed).toEqual([
      {
        id: 'old',
        availableAccount: 'customer:7:available:AG',
        heldAccount: 'customer:7:held:AG',
        currency: 'AG',
        amount: 500,
        reason: 'order',
        reference: 'order:1',
        state: 'captured',
        capturedAmount: 200,
        remainderHoldId: null,
      },
    ]);
  });

  it('refuses what no balance can make right: a hold not open, a capture beyond it, an id twice', () => {
    const capture = (holdId: string, amount: number): LedgerCommand => ({
      kind: 'capture',
      holdId,
      currency: 'AG',
      parts: [{ to: cust(5), amount, code: 'trade.silver' }],
    });
    expect(() => planBatch([capture('nowhere', 1)], known)).toThrow(/not known/);
    expect(() => planBatch([capture('old', 501)], known)).toThrow(/beyond its hold/);
    expect(() => planBatch([capture('old', 1), { kind: 'release', holdId: 'old' }], known)).toThrow(/not open/);
    const t: LedgerCommand = {
      kind: 'transfer',
      id: 'x',
      debit: cust(5),
      credit: cust(7),
      currency: 'AG',
      amount: 1,
      code: 'c',
    };
    expect(() => planBatch([t, t], known)).toThrow(/twice/);
    expect(() => planBatch([{ ...t, amount: 0 }], known)).toThrow(RangeError);
  });
});

/**
 * The same random batches through ledger_commands (execute, atomic) and through the plan (ledger_entry as orders_apply_batch calls it), each in a
 * transaction rolled back afterwards: the same transfers, the same holds, the same balances.
 */
describe('ledger_entry: the plan against the commands', () => {
  let database: Database;
  let customers: number[] = [];
  const FUND = { BRL: 100_000, AG: 10_000 } as const;
  /** holds opened (and committed) before the batches */
  const before = new Map<string, OpenHold>();
  /** the accounts' facts, read once and kept across the batches as the matcher keeps them */
  const accounts = new AccountFactsCache();

  beforeAll(async () => {
    database = await createTestDatabase();
    customers = await createLedgerUsers(database.db, 5);
    for (const c of customers) {
      for (const [currency, debit] of [
        ['BRL', 'pix:clearing'],
        ['AG', 'vault'],
      ] as const) {
        await post(database.db, {
          id: `fund:${randomUUID()}`,
          debit: { system: debit },
          credit: cust(c),
          currency,
          amount: FUND[currency],
          code: 'test.fund',
        });
      }
      for (const currency of ['BRL', 'AG'] as const) {
        const id = `before:${c}:${currency}`;
        const h = { holder: { customer: c }, currency, amount: FUND[currency] / 10, reason: 'order', reference: id };
        await execute(database.db, [{ kind: 'hold', id, ...h }]);
        before.set(id, h);
      }
    }
  }, 60_000);

  it("reads each account's lock modes as the database's rule gives them", async () => {
    const c = customers[0]!;
    const codes = [`customer:${c}:available:BRL`, 'vault', 'pix:clearing', 'house:available:BRL', 'transfer:unclaimed'];
    const facts = await new AccountFactsCache().loadCodes(database.db, codes);
    expect(codes.map((code) => [code, facts(code).lockWhenDebited, facts(code).lockWhenCredited])).toEqual([
      [codes[0], 'n', 'k'],
      ['vault', '-', 'n'],
      ['pix:clearing', '-', '-'],
      ['house:available:BRL', 'n', '-'],
      ['transfer:unclaimed', 'n', '-'],
    ]);
  });

  /** A batch every command of which succeeds: holds, captures (with and without a remainder), releases, transfers. */
  function randomBatch(seed: number): LedgerCommand[] {
    const random = seededRandom(seed);
    const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
    const avail = new Map<string, number>();
    for (const c of customers) {
      avail.set(`${c}:BRL`, FUND.BRL - FUND.BRL / 10);
      avail.set(`${c}:AG`, FUND.AG - FUND.AG / 10);
    }
    const open = new Map<string, { customer: number; currency: Currency; amount: number }>();
    for (const [id, h] of before)
      open.set(id, { customer: (h.holder as { customer: number }).customer, currency: h.currency, amount: h.amount });
    const cmds: LedgerCommand[] = [];
    for (let n = 0; n < 40; n++) {
      const roll = random();
      const tag = `${seed}:${n}`;
      if (roll < 0.3 || open.size === 0) {
        const customer = pick(customers);
        const currency = random() < 0.5 ? ('BRL' as const) : ('AG' as const);
        const amount = 1 + Math.floor(random() * Math.max(1, avail.get(`${customer}:${currency}`)! / 4));
        if (amount > avail.get(`${customer}:${currency}`)!) continue;
        cmds.push({
          kind: 'hold',
          id: `h:${tag}`,
          holder: { customer },
          currency,
          amount,
          reason: 'order',
          reference: `r:${tag}`,
        });
        avail.set(`${customer}:${currency}`, avail.get(`${customer}:${currency}`)! - amount);
        open.set(`h:${tag}`, { customer, currency, amount });
      } else if (roll < 0.6) {
        const id = pick([...open.keys()]);
        const h = open.get(id)!;
        open.delete(id);
        const parts: Array<{ to: AccountRef; amount: number; code: string }> = [];
        let left = h.amount;
        for (let p = 0; p < 1 + Math.floor(random() * 3) && left > 0; p++) {
          const amount = 1 + Math.floor(random() * left);
          const to = random() < 0.7 || h.currency === 'AG' ? pick(customers) : null;
          parts.push({ to: to === null ? { system: 'revenue:operating-fee' } : cust(to), amount, code: 'trade.x' });
          if (to !== null) avail.set(`${to}:${h.currency}`, avail.get(`${to}:${h.currency}`)! + amount);
          left -= amount;
        }
        const keep = random() < 0.5;
        cmds.push({
          kind: 'capture',
          holdId: id,
          currency: h.currency,
          parts,
          ...(keep ? { remainderHoldId: `k:${tag}` } : {}),
        });
        if (keep && left > 0) open.set(`k:${tag}`, { ...h, amount: left });
        else avail.set(`${h.customer}:${h.currency}`, avail.get(`${h.customer}:${h.currency}`)! + left);
      } else if (roll < 0.75) {
        const id = pick([...open.keys()]);
        const h = open.get(id)!;
        open.delete(id);
        cmds.push({ kind: 'release', holdId: id });
        avail.set(`${h.customer}:${h.currency}`, avail.get(`${h.customer}:${h.currency}`)! + h.amount);
      } else {
        const from = pick(customers);
        const to = pick(customers.filter((c) => c !== from));
        const currency = random() < 0.5 ? ('BRL' as const) : ('AG' as const);
        const amount = 1 + Math.floor(random() * Math.max(1, avail.get(`${from}:${currency}`)! / 4));
        if (amount > avail.get(`${from}:${currency}`)!) continue;
        cmds.push({
          kind: 'transfer',
          id: `t:${tag}`,
          debit: cust(from),
          credit: cust(to),
          currency,
          amount,
          code: 'test.move',
        });
        avail.set(`${from}:${currency}`, avail.get(`${from}:${currency}`)! - amount);
        avail.set(`${to}:${currency}`, avail.get(`${to}:${currency}`)! + amount);
      }
    }
    return cmds;
  }

  /** What a batch left: its transfers, every hold, and every account's balance. */
  async function snapshot(tx: Executor, seed: number) {
    return {
      transfers: await rows(
        tx,
        sql`select transfer_id, debit_account_id::text, credit_account_id::text, currency, amount::text, code
              from ledger_transfers where transfer_id like ${`%:${seed}:%`} order by transfer_id`,
      ),
      holds: await rows(
        tx,
        sql`select hold_id, owner_id::text, available_account_id::text, held_account_id::text, currency, amount::text,
                   reason, reference, state, captured_amount::text, remainder_hold_id, resolved_at is null as open
              from ledger_holds order by hold_id`,
      ),
      balances: await rows(
        tx,
        sql`select code, (credits_posted - debits_posted)::text as balance from ledger_balances order by code`,
      ),
    };
  }

  class Rollback extends Error {}
  async function inRolledBack<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
    let out: T | undefined;
    await database.db
      .transaction(async (tx) => {
        out = await fn(tx);
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
    return out!;
  }

  it('writes what ledger_commands writes, batch after random batch (20 seeds)', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const cmds = randomBatch(seed);
      const viaExecute = await inRolledBack(async (tx) => {
        const results = await execute(tx, cmds, { atomic: true });
        expect(results.filter((r) => !r.ok)).toEqual([]);
        return snapshot(tx, seed);
      });
      const viaPlan = await inRolledBack(async (tx) => {
        const plan = planBatch(cmds, (id) => before.get(id));
        await applyPlan(tx, plan, accounts);
        return snapshot(tx, seed);
      });
      expect(viaPlan.transfers.length, `seed ${seed}`).toBeGreaterThan(10);
      expect(viaPlan, `seed ${seed}`).toEqual(viaExecute);
    }
    expect((await reconcile(database.db)).problems).toEqual([]);
  });

  it('a balance the batch would leave below zero, or a hold not as the plan says, writes nothing', async () => {
    const [a, b] = customers as [number, number];
    const attempt = (plan: ReturnType<typeof planBatch>, known = accounts) =>
      inRolledBack(async (tx) => {
        const count = async () =>
          Number((await rows<{ n: string }>(tx, sql`select count(*)::text as n from ledger_transfers`))[0]!.n);
        const before = await count();
        // in a savepoint: the error aborts it, and the transaction goes on to look
        const err = await tx.transaction(async (sp) => applyPlan(sp, plan, known)).catch((e: unknown) => e);
        return {
          code: pgErrorCode(err),
          detail: pgErrorDetail(err),
          message: String((err as { cause?: Error })?.cause?.message ?? (err as Error)?.message),
          written: String((await count()) - before),
        };
      });
    // the money moves on, then comes back: the end is what counts, and it is below zero
    const overdraw = planBatch(
      [
        { kind: 'transfer', id: 'bad:1', debit: cust(a), credit: cust(b), currency: 'AG', amount: FUND.AG, code: 'x' },
        { kind: 'transfer', id: 'bad:2', debit: cust(b), credit: cust(a), currency: 'AG', amount: 1, code: 'x' },
      ],
      () => undefined,
    );
    const refused = await attempt(overdraw);
    expect(refused).toMatchObject({ code: 'PR001', written: '0' });
    expect(JSON.parse(refused.detail!)).toEqual({
      reason: 'insufficient_funds',
      account: `customer:${a}:available:AG`,
    });

    // a hold said to hold more than it does
    const id = `before:${a}:AG`;
    const lying = planBatch([{ kind: 'release', holdId: id }], () => ({ ...before.get(id)!, amount: 2 }));
    const mismatch = await attempt(lying);
    expect(mismatch.message).toMatch(/not open as the plan says/);
    expect(mismatch.written).toBe('0');

    // an id the database has already: a unique violation
    const again = planBatch(
      [
        {
          kind: 'hold',
          id: `before:${a}:BRL`,
          holder: { customer: a },
          currency: 'BRL',
          amount: 1,
          reason: 'order',
          reference: 'again',
        },
      ],
      () => undefined,
    );
    expect(await attempt(again)).toMatchObject({ code: '23505', written: '0' });

    // what the caller knows of an account that is no longer true (a database recreated under a running process): its
    // id now names another account; checked before anything is locked or written
    const move = planBatch(
      [{ kind: 'transfer', id: 'bad:5', debit: cust(a), credit: cust(b), currency: 'AG', amount: 1, code: 'x' }],
      () => undefined,
    );
    const facts = await accounts.load(database.db, move);
    const wrong = {
      load: async () => (code: string) => {
        const f = facts(code);
        return code === `customer:${a}:available:AG` ? { ...f, id: facts(`customer:${b}:available:AG`).id } : f;
      },
    } as unknown as AccountFactsCache;
    const stale = await attempt(move, wrong);
    expect(stale).toMatchObject({ code: 'PR002' });
    expect(stale.message).toMatch(/accounts not as the caller knows them/);
    expect(stale.written).toBe('0');
  });
});

describe('resolvePlan: the accounts by id, the locks and the checks worked out', () => {
  const facts = (code: string) => {
    const [kind, id, bucket, currency] = code.split(':') as [string, string, string, 'BRL' | 'AG'];
    if (kind === 'customer') {
      const n = Number(id);
      const base = n * 10 + (bucket === 'held' ? 2 : 0) + (currency === 'AG' ? 1 : 0);
      return { id: base, code, currency, owner: n, lockWhenDebited: 'n' as const, lockWhenCredited: 'k' as const };
    }
    return {
      id: 1,
      code,
      currency: 'BRL' as const,
      owner: null,
      lockWhenDebited: '-' as const,
      lockWhenCredited: '-' as const,
    };
  };

  it('locks the payer for no key update and the payee for key share', () => {
    const plan = planBatch(
      [
        { kind: 'transfer', id: 't', debit: cust(5), credit: cust(7), currency: 'BRL', amount: 300, code: 'x' },
        {
          kind: 'transfer',
          id: 'f',
          debit: cust(5),
          credit: { system: 'revenue:operating-fee' },
          currency: 'BRL',
          amount: 20,
          code: 'fee',
        },
      ],
      () => undefined,
    );
    const r = resolvePlan(plan, facts);
    expect(r.transfers.map((t) => [t.debitAccountId, t.creditAccountId, t.amount])).toEqual([
      [50, 70, 300],
      [50, 1, 20],
    ]);
    expect(r).toMatchObject({
      ownersLockedNoKeyUpdate: [5],
      ownersLockedKeyShare: [7],
    });
    expect(r.accounts).toEqual([
      { id: 50, code: 'customer:5:available:BRL', ownerId: 5 },
      { id: 70, code: 'customer:7:available:BRL', ownerId: 7 },
      { id: 1, code: 'revenue:operating-fee', ownerId: null },
    ]);
  });

  it('refuses a leg in another currency than its account, and a hold between two owners', () => {
    const silverToFees = planBatch(
      [
        {
          kind: 'transfer',
          id: 't',
          debit: cust(5),
          credit: { system: 'vault' },
          currency: 'AG',
          amount: 1,
          code: 'x',
        },
      ],
      () => undefined,
    );
    expect(() => resolvePlan(silverToFees, facts)).toThrow(/vault is not in AG/);
    const hold = planBatch(
      [
        {
          kind: 'hold',
          id: 'h',
          holder: { customer: 5 },
          currency: 'AG',
          amount: 1,
          reason: 'order',
          reference: 'order:1',
        },
      ],
      () => undefined,
    );
    const between = {
      ...hold,
      holdsOpened: hold.holdsOpened.map((h) => ({ ...h, heldAccount: 'customer:7:held:AG' })),
    };
    expect(() => resolvePlan(between, facts)).toThrow(/a hold between/);
  });
});
