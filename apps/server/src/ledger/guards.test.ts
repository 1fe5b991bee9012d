import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { Database } from '@/db/client';
import { pgErrorCode } from '@/db/tx';
import { rows } from '@/db/sql';
import type { AccountRef, Currency } from './accounts';
import { execute, type LedgerCommand, callLedger } from './execute';
import { type OpenHold, planBatch } from './plan';
import { AccountFactsCache, planArguments, planArgumentsSql, type ResolvedPlan, resolvePlan } from './plan-resolve';
import { post } from './post';
import { reconcile } from './reconcile';
import { createLedgerUsers } from '../../test/ledger-users';

/**
 * ledger_entry (db/functions/ledger_entry.sql), the ledger's one writer, does not trust the batch it is given. Each
 * test below hands it, directly, a plan that lies in one way (a planner bug, or a caller that means harm): the
 * function must refuse it (PR003, or PR001 for a refusal of funds) and write nothing at all.
 */
const cust = (id: number): AccountRef => ({ customer: id, bucket: 'available' });
const FUND = { BRL: 10_000, AG: 5_000 } as const;

describe('ledger_entry refuses a plan that lies, and writes nothing', () => {
  let database: Database;
  let a: number;
  let b: number;
  const accounts = new AccountFactsCache();
  const open = new Map<string, OpenHold>();

  beforeAll(async () => {
    database = await createTestDatabase();
    [a, b] = (await createLedgerUsers(database.db, 2)) as [number, number];
    for (const c of [a, b]) {
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
    }
    const id = `guard-hold:${a}`;
    const h = { holder: { customer: a }, currency: 'BRL' as Currency, amount: 1_000, reason: 'order', reference: id };
    await execute(database.db, [{ kind: 'hold', id, ...h }]);
    open.set(id, h);
  }, 60_000);

  /** The plan of `commands`, as the matcher resolves it. */
  async function resolved(commands: LedgerCommand[]): Promise<ResolvedPlan> {
    const plan = planBatch(commands, (id) => open.get(id));
    return resolvePlan(plan, await accounts.load(database.db, plan));
  }

  const idOf = async (code: string) => (await accounts.loadCodes(database.db, [code]))(code).id;

  /** Everything the function could write: transfers, delta rows, every balance, every hold. */
  async function state() {
    const [counts] = await rows<{ transfers: string; deltas: string }>(
      database.db,
      sql`select (select count(*) from ledger_transfers)::text as transfers,
                 (select count(*) from ledger_balance_deltas)::text as deltas`,
    );
    return {
      ...counts,
      balances: await rows(
        database.db,
        sql`select code, debits_posted::text as d, credits_posted::text as c from ledger_balances order by code`,
      ),
      holds: await rows(
        database.db,
        sql`select hold_id, state, amount::text, captured_amount::text from ledger_holds order by hold_id`,
      ),
    };
  }

  /** Calls the function with `plan` (in a transaction of its own); answers its error (undefined: it wrote). */
  const call = (plan: ResolvedPlan) =>
    callLedger(
      database.db,
      `select ledger_entry(${planArgumentsSql(1)}) as r`,
      'ledger_entry',
      planArguments(plan),
    ).then(
      () => undefined,
      (err: unknown) => err,
    );

  /** `plan` is refused with `code` (and a message matching `message`), and nothing changed. */
  async function refused(plan: ResolvedPlan, code: string, message: RegExp) {
    const before = await state();
    const err = await call(plan);
    const after = await state();
    expect(err, 'the function wrote a lying plan').toBeDefined();
    expect(pgErrorCode(err)).toBe(code);
    expect(String((err as { cause?: Error }).cause?.message ?? (err as Error).message)).toMatch(message);
    expect(after).toEqual(before);
  }

  it('writes an honest plan (the same calls, told the truth)', async () => {
    const plan = await resolved([
      {
        kind: 'transfer',
        id: `ok:${randomUUID()}`,
        debit: cust(a),
        credit: cust(b),
        currency: 'BRL',
        amount: 10,
        code: 'x',
      },
    ]);
    const before = await state();
    expect(await call(plan)).toBeUndefined();
    expect(Number((await state()).transfers)).toBe(Number(before.transfers) + 1);
    expect((await reconcile(database.db)).problems).toEqual([]);
  });

  it('totals that do not match the transfers', async () => {
    const plan = await resolved([
      {
        kind: 'transfer',
        id: `lie:${randomUUID()}`,
        debit: cust(a),
        credit: cust(b),
        currency: 'BRL',
        amount: 100,
        code: 'x',
      },
    ]);
    // the payee credited ten times what the transfer moves (a delta row), the payer debited as it is
    const i = plan.balanceDeltas.accountIds.indexOf(await idOf(`customer:${b}:available:BRL`));
    expect(i).toBeGreaterThanOrEqual(0);
    plan.balanceDeltas.credits[i] = 1_000;
    await refused(plan, 'PR003', /totals of account \d+ do not match its transfers/);

    // the payer debited less than the transfer moves, in place
    const again = await resolved([
      {
        kind: 'transfer',
        id: `lie:${randomUUID()}`,
        debit: cust(a),
        credit: cust(b),
        currency: 'BRL',
        amount: 100,
        code: 'x',
      },
    ]);
    again.balancesInPlace.debits[again.balancesInPlace.accountIds.indexOf(await idOf(`customer:${a}:available:BRL`))] =
      1;
    await refused(again, 'PR003', /totals of account \d+ do not match its transfers/);
  });

  it('a currency mismatch: a transfer in reais between two silver accounts', async () => {
    const plan = await resolved([
      {
        kind: 'transfer',
        id: `lie:${randomUUID()}`,
        debit: cust(a),
        credit: cust(b),
        currency: 'AG',
        amount: 100,
        code: 'x',
      },
    ]);
    plan.transfers[0]!.currency = 'BRL';
    await refused(plan, 'PR003', /not in the currency of its transfers/);
  });

  it('a floor broken through a delta row: the payer debited as a delta, unlocked and unchecked', async () => {
    const plan = await resolved([
      {
        kind: 'transfer',
        id: `lie:${randomUUID()}`,
        debit: cust(a),
        credit: cust(b),
        currency: 'AG',
        amount: FUND.AG * 3,
        code: 'x',
      },
    ]);
    const payer = await idOf(`customer:${a}:available:AG`);
    // the lie: the payer's debit written as a delta row (which the row's CHECK never sees), and no lock
    const inPlace = plan.balancesInPlace;
    const i = inPlace.accountIds.indexOf(payer);
    plan.balanceDeltas.accountIds.push(payer);
    plan.balanceDeltas.debits.push(inPlace.debits[i]!);
    plan.balanceDeltas.credits.push(inPlace.credits[i]!);
    inPlace.accountIds.splice(i, 1);
    inPlace.debits.splice(i, 1);
    inPlace.credits.splice(i, 1);
    plan.ownersLockedKeyShare = [...new Set([...plan.ownersLockedKeyShare, ...plan.ownersLockedNoKeyUpdate])].sort(
      (x, y) => x - y,
    );
    plan.ownersLockedNoKeyUpdate = [];
    await refused(plan, 'PR003', /ledger plan: /);

    // told the truth: the database checks the floors the transfers lower (a refusal of funds)
    const guarded = await resolved([
      {
        kind: 'transfer',
        id: `lie:${randomUUID()}`,
        debit: cust(a),
        credit: cust(b),
        currency: 'AG',
        amount: FUND.AG * 3,
        code: 'x',
      },
    ]);
    await refused(guarded, 'PR001', /insufficient funds/);
  });

  it('a hold closed for another amount than it was opened for', async () => {
    const id = `guard-hold:${a}`;
    const plan = await resolved([{ kind: 'release', holdId: id }]);
    // the hold row says 1,000 (and the plan says so too), but its release moves 600: 400 would stay held, owned by no
    // open hold
    expect(plan.holdsClosed[0]!.amount).toBe(1_000);
    plan.transfers[0]!.amount = 600;
    const av = await idOf(`customer:${a}:available:BRL`);
    const hd = await idOf(`customer:${a}:held:BRL`);
    plan.balancesInPlace.debits[plan.balancesInPlace.accountIds.indexOf(hd)] = 600;
    plan.balancesInPlace.credits[plan.balancesInPlace.accountIds.indexOf(av)] = 600;
    await refused(plan, 'PR003', /hold .* its transfers do not move its amount 1000/);

    // a capture that says it took less than its parts
    const capture = await resolved([
      { kind: 'capture', holdId: id, currency: 'BRL', parts: [{ to: cust(b), amount: 700, code: 'trade.value' }] },
    ]);
    capture.holdsClosed[0]!.capturedAmount = 300;
    await refused(capture, 'PR003', /its transfers do not move its amount/);
  });

  it('a held account moved outside its holds', async () => {
    // a plain transfer out of the payer's held reais (the plan's totals made to agree): the held account would no
    // longer equal its open holds
    const plan = await resolved([
      {
        kind: 'transfer',
        id: `lie:${randomUUID()}`,
        debit: cust(a),
        credit: cust(b),
        currency: 'BRL',
        amount: 100,
        code: 'x',
      },
    ]);
    const av = await idOf(`customer:${a}:available:BRL`);
    const hd = await idOf(`customer:${a}:held:BRL`);
    plan.transfers[0]!.debitAccountId = hd;
    plan.balancesInPlace.accountIds[plan.balancesInPlace.accountIds.indexOf(av)] = hd;
    await refused(plan, 'PR003', /held account moved outside a hold/);
  });

  it('a transfer naming an account that does not exist', async () => {
    const plan = await resolved([
      {
        kind: 'transfer',
        id: `lie:${randomUUID()}`,
        debit: cust(a),
        credit: cust(b),
        currency: 'BRL',
        amount: 100,
        code: 'x',
      },
    ]);
    const [max] = await rows<{ id: string }>(database.db, sql`select max(id)::text as id from ledger_accounts`);
    const ghost = Number(max!.id) + 1_000;
    const payee = await idOf(`customer:${b}:available:BRL`);
    plan.transfers[0]!.creditAccountId = ghost;
    const i = plan.balanceDeltas.accountIds.indexOf(payee);
    plan.balanceDeltas.accountIds[i] = ghost;
    plan.ownersLockedKeyShare = [];
    await refused(plan, 'PR003', /account \d+ does not exist/);
  });

  it('the reconciliation is clean after all the refusals', async () => {
    expect((await reconcile(database.db)).problems).toEqual([]);
  });
});
