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

  it('writes the totals it derives: a payer debited in place, a payee credited as a delta row', async () => {
    const id = `ok:${randomUUID()}`;
    const plan = await resolved([
      { kind: 'transfer', id, debit: cust(a), credit: cust(b), currency: 'BRL', amount: 7, code: 'x' },
    ]);
    const [payer, payee] = [await idOf(`customer:${a}:available:BRL`), await idOf(`customer:${b}:available:BRL`)];
    const posted = async (account: number) =>
      (
        await rows<{ d: string; c: string; deltas: string }>(
          database.db,
          sql`select debits_posted::text as d, credits_posted::text as c,
                     (select count(*) from ledger_balance_deltas where account_id = ${account})::text as deltas
                from ledger_accounts where id = ${account}`,
        )
      )[0]!;
    const [payerBefore, payeeBefore] = [await posted(payer), await posted(payee)];
    expect(await call(plan)).toBeUndefined();
    // the payer's owner is locked for no key update: its total in place, its deltas folded in
    const payerAfter = await posted(payer);
    expect(Number(payerAfter.d)).toBe(Number(payerBefore.d) + 7);
    expect(payerAfter.deltas).toBe('0');
    // the payee's for key share: a delta row of 7, the row as it was
    const payeeAfter = await posted(payee);
    expect(payeeAfter.c).toBe(payeeBefore.c);
    expect(Number(payeeAfter.deltas)).toBe(Number(payeeBefore.deltas) + 1);
    expect((await reconcile(database.db)).problems).toEqual([]);
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
    // the lie: the payer's owner not locked for no key update (its debit would be a delta row, which the row's CHECK
    // never sees), only for key share
    plan.ownersLockedKeyShare = [...new Set([...plan.ownersLockedKeyShare, ...plan.ownersLockedNoKeyUpdate])].sort(
      (x, y) => x - y,
    );
    plan.ownersLockedNoKeyUpdate = [];
    await refused(plan, 'PR003', /is not locked as it must be/);

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
    await refused(plan, 'PR003', /hold .* its transfers do not move its amount 1000/);

    // a capture that says it took less than its parts
    const capture = await resolved([
      { kind: 'capture', holdId: id, currency: 'BRL', parts: [{ to: cust(b), amount: 700, code: 'trade.value' }] },
    ]);
    capture.holdsClosed[0]!.capturedAmount = 300;
    await refused(capture, 'PR003', /its transfers do not move its amount/);
  });

  it('a held account moved outside its holds', async () => {
    // a plain transfer out of the payer's held reais: the held account would no longer equal its open holds
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
    plan.transfers[0]!.debitAccountId = await idOf(`customer:${a}:held:BRL`);
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
    plan.transfers[0]!.creditAccountId = ghost;
    plan.ownersLockedKeyShare = [];
    await refused(plan, 'PR003', /account \d+ does not exist/);
  });

  it('the reconciliation is clean after all the refusals', async () => {
    expect((await reconcile(database.db)).problems).toEqual([]);
  });
});
