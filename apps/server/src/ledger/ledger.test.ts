import { isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { Database, Executor } from '@/db/client';
import { ledgerAccounts } from '@/db/schema/index';
import { pgConstraint, pgErrorCode, withTransaction } from '@/db/tx';
import { rows } from '@/db/sql';
import { seededAccounts } from './accounts';
import {
  type AccountRef,
  balanceOf,
  capture,
  closeAccount,
  execute,
  foldBalances,
  getBalances,
  getHold,
  hold,
  LedgerRefusedError,
  post,
  postBatch,
  proofOfReserves,
  reconcile,
  release,
  reopenAccount,
  requireOk,
  type TransferInput,
} from './index';
import { createLedgerUsers } from '../../test/ledger-users';

const avail = (customer: number): AccountRef => ({ customer, bucket: 'available' });

async function transferCount(db: Executor, prefix = ''): Promise<number> {
  const [r] = await rows<{ n: string }>(
    db,
    sql`select count(*)::text as n from ledger_transfers where starts_with(transfer_id, ${prefix})`,
  );
  return Number(r!.n);
}

async function caught(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection');
}

const deposit = (id: string, customer: number, amount: number, currency: 'BRL' | 'AG' = 'BRL'): TransferInput => ({
  id,
  debit: currency === 'BRL' ? { system: 'pix:clearing' } : { system: 'vault' },
  credit: avail(customer),
  currency,
  amount,
  code: 'deposit',
});

describe('ledger: LEDGER.md worked examples', () => {
  let database: Database;
  let A: number;
  let B: number;
  let C: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    [A, B, C] = (await createLedgerUsers(database.db, 3)) as [number, number, number];
  });

  it('starts balanced, with the chart of accounts seeded and customers at zero, their accounts open', async () => {
    const [opened] = await rows<{ n: string }>(
      database.db,
      sql`select count(*)::text as n from ledger_accounts a join ledger_owners o on o.id = a.owner_id
           where o.user_id = ${A} and a.owner_user_id = ${A}`,
    );
    expect(opened!.n).toBe('4');
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    expect(await getBalances(database.db, A)).toEqual({
      BRL: { available: 0, held: 0 },
      AG: { available: 0, held: 0 },
    });
    const seeded = await database.db
      .select({
        code: ledgerAccounts.code,
        currency: ledgerAccounts.currency,
        kind: ledgerAccounts.kind,
        d: ledgerAccounts.debitsMustNotExceedCredits,
        c: ledgerAccounts.creditsMustNotExceedDebits,
      })
      .from(ledgerAccounts)
      .where(isNull(ledgerAccounts.ownerUserId));
    const expected = seededAccounts().map((s) => ({
      code: s.code,
      currency: s.currency,
      kind: s.kind,
      d: s.debitsMustNotExceedCredits,
      c: s.creditsMustNotExceedDebits,
    }));
    const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);
    expect(seeded.sort(byCode)).toEqual(expected.sort(byCode));
  });

  it('1. a Pix deposit of R$ 100,00', async () => {
    const result = await withTransaction(database.db, (tx) => post(tx, deposit('deposit:1', A, 10000)));
    expect(result).toMatchObject({ ok: true, duplicate: false });
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: 10000, held: 0 });
    expect(await balanceOf(database.db, { system: 'pix:clearing' }, 'BRL')).toBe(10000);
  });

  it('2. a limit buy of 10 g at R$ 5,00/g holds value + fee + IOF = 5521', async () => {
    const result = await withTransaction(database.db, (tx) =>
      hold(tx, {
        id: 'order:1',
        holder: { customer: A },
        currency: 'BRL',
        amount: 5521,
        reason: 'order',
        reference: 'order:1',
      }),
    );
    expect(result).toEqual({ ok: true, duplicate: false, state: 'held' });
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: 4479, held: 5521 });
    expect(await getHold(database.db, 'order:1')).toMatchObject({
      id: 'order:1',
      owner: `customer:${A}`,
      currency: 'BRL',
      amount: 5521,
      reason: 'order',
      reference: 'order:1',
      state: 'held',
      resolvedAt: null,
    });
  });

  it('3. a crossing sell of 10 g: one batch captures both holds and charges the seller from the value received', async () => {
    // B's silver comes from the vault (as if bought from the house earlier).
    await post(database.db, deposit('fund:B-AG', B, 1000, 'AG'));
    await hold(database.db, {
      id: 'order:2',
      holder: { customer: B },
      currency: 'AG',
      amount: 1000,
      reason: 'order',
      reference: 'order:2',
    });
    expect((await getBalances(database.db, B)).AG).toEqual({ available: 0, held: 1000 });

    // B's BRL available is 0 before the trade: the seller's fee and IOF come after the value in the batch, and each
    // transfer's check sees what the ones before it left.
    const results = await withTransaction(database.db, (tx) =>
      execute(
        tx,
        [
          {
            kind: 'capture',
            holdId: 'order:2',
            currency: 'AG',
            parts: [{ to: avail(A), amount: 1000, code: 'trade.silver' }],
          },
          {
            kind: 'capture',
            holdId: 'order:1',
            currency: 'BRL',
            parts: [
              { to: avail(B), amount: 5000, code: 'trade.value' },
              { to: { system: 'revenue:operating-fee' }, amount: 500, code: 'fee' },
              { to: { system: 'tax:iof' }, amount: 21, code: 'iof' },
            ],
          },
          {
            kind: 'transfer',
            id: 'trade:1:seller-fee',
            debit: avail(B),
            credit: { system: 'revenue:operating-fee' },
            currency: 'BRL',
            amount: 500,
            code: 'fee',
          },
          {
            kind: 'transfer',
            id: 'trade:1:seller-iof',
            debit: avail(B),
            credit: { system: 'tax:iof' },
            currency: 'BRL',
            amount: 21,
            code: 'iof',
          },
        ],
        { atomic: true },
      ),
    );
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true]);
    expect(results[1]).toEqual({ ok: true, duplicate: false, captured: 5521, released: 0, remainderHoldId: null });
    expect(await getBalances(database.db, A)).toEqual({
      BRL: { available: 4479, held: 0 },
      AG: { available: 1000, held: 0 },
    });
    expect(await getBalances(database.db, B)).toEqual({
      BRL: { available: 4479, held: 0 },
      AG: { available: 0, held: 0 },
    });
    expect(await balanceOf(database.db, { system: 'revenue:operating-fee' }, 'BRL')).toBe(1000);
    expect(await balanceOf(database.db, { system: 'tax:iof' }, 'BRL')).toBe(42);
    expect((await getHold(database.db, 'order:1'))?.state).toBe('captured');
    expect(await transferCount(database.db, 'order:1#capture.')).toBe(3);
  });

  it('3b. the part of a hold a fill did not use goes back in the same capture', async () => {
    // A buys 2 g at up to R$ 5,00/g (hold 1000 + fee 500 + IOF 6 = 1506) and is filled at R$ 4,00/g:
    // value 800, fee 500, IOF round(1300 x 0.0038) = 5; the other 201 goes back.
    await hold(database.db, {
      id: 'order:3',
      holder: { customer: A },
      currency: 'BRL',
      amount: 1506,
      reason: 'order',
      reference: 'order:3',
    });
    await post(database.db, {
      id: 'fund:house-AG',
      debit: { system: 'vault' },
      credit: { house: 'available' },
      currency: 'AG',
      amount: 200,
      code: 'fund',
    });
    await hold(database.db, {
      id: 'order:house-1',
      holder: 'house',
      currency: 'AG',
      amount: 200,
      reason: 'order',
      reference: 'order:house-1',
    });
    const [silver, money] = await execute(
      database.db,
      [
        {
          kind: 'capture',
          holdId: 'order:house-1',
          currency: 'AG',
          parts: [{ to: avail(A), amount: 200, code: 'trade.silver' }],
        },
        {
          kind: 'capture',
          holdId: 'order:3',
          currency: 'BRL',
          parts: [
            { to: { house: 'available' }, amount: 800, code: 'trade.value' },
            { to: { system: 'revenue:operating-fee' }, amount: 500, code: 'fee' },
            { to: { system: 'tax:iof' }, amount: 5, code: 'iof' },
          ],
        },
      ],
      { atomic: true },
    );
    expect(silver).toMatchObject({ ok: true, captured: 200, released: 0 });
    expect(money).toEqual({ ok: true, duplicate: false, captured: 1305, released: 201, remainderHoldId: null });
    expect(await getBalances(database.db, A)).toEqual({
      BRL: { available: 4479 - 1506 + 201, held: 0 },
      AG: { available: 1200, held: 0 },
    });
    expect(await balanceOf(database.db, { house: 'available' }, 'BRL')).toBe(800);
    expect(await balanceOf(database.db, { house: 'held' }, 'AG')).toBe(0);
  });

  it('4. cancelling a resting order releases its hold', async () => {
    const before = await getBalances(database.db, A);
    await hold(database.db, {
      id: 'order:4',
      holder: { customer: A },
      currency: 'BRL',
      amount: 2000,
      reason: 'order',
      reference: 'order:4',
    });
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: before.BRL.available - 2000, held: 2000 });
    expect(await withTransaction(database.db, (tx) => release(tx, 'order:4'))).toEqual({
      ok: true,
      duplicate: false,
      released: 2000,
    });
    expect(await getBalances(database.db, A)).toEqual(before);
  });

  it('5. a withdrawal of R$ 200,00 with a R$ 9,90 fee: requested, paid; another requested, rejected', async () => {
    await post(database.db, {
      id: 'deposit:2',
      debit: { system: 'ted:clearing' },
      credit: avail(A),
      currency: 'BRL',
      amount: 20000,
      code: 'deposit.ted',
    });
    const start = (await getBalances(database.db, A)).BRL.available;
    await hold(database.db, {
      id: 'withdrawal:1',
      holder: { customer: A },
      currency: 'BRL',
      amount: 20000,
      reason: 'withdrawal',
      reference: 'withdrawal:1',
    });
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: start - 20000, held: 20000 });
    const paid = await capture(database.db, {
      holdId: 'withdrawal:1',
      currency: 'BRL',
      parts: [
        { to: { system: 'payout:clearing' }, amount: 19010, code: 'payout' },
        { to: { system: 'revenue:withdrawal-fee' }, amount: 990, code: 'fee' },
      ],
    });
    expect(paid).toEqual({ ok: true, duplicate: false, captured: 20000, released: 0, remainderHoldId: null });
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: start - 20000, held: 0 });
    expect(await balanceOf(database.db, { system: 'payout:clearing' }, 'BRL')).toBe(-19010);
    expect(await balanceOf(database.db, { system: 'revenue:withdrawal-fee' }, 'BRL')).toBe(990);

    await hold(database.db, {
      id: 'withdrawal:2',
      holder: { customer: A },
      currency: 'BRL',
      amount: 1000,
      reason: 'withdrawal',
      reference: 'withdrawal:2',
    });
    expect(await release(database.db, 'withdrawal:2')).toMatchObject({ ok: true, released: 1000 });
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: start - 20000, held: 0 });
  });

  it('6. a silver transfer of 5 g to a customer, and 2 g to an e-mail claimed later', async () => {
    const a0 = (await getBalances(database.db, A)).AG.available;
    await post(database.db, {
      id: 'silver-transfer:1',
      debit: avail(A),
      credit: avail(B),
      currency: 'AG',
      amount: 500,
      code: 'transfer',
    });
    await post(database.db, {
      id: 'silver-transfer:2',
      debit: avail(A),
      credit: { system: 'transfer:unclaimed' },
      currency: 'AG',
      amount: 200,
      code: 'transfer',
    });
    // the feature's row beside the posting: reconciliation (check 14) ties transfer:unclaimed to pending transfers
    await database.db.execute(
      sql`insert into silver_transfers (id, sender_id, receiver_email, receiver_cpf, quantity_cg, status, check_code,
                                        expires_at)
          overriding system value
          values (2, ${A}, 'ainda-sem-conta@exemplo.com', '52998224725', 200, 'pending', 'LEDGERTEST02',
                  now() + interval '30 days')`,
    );
    expect(await balanceOf(database.db, { system: 'transfer:unclaimed' }, 'AG')).toBe(200);
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    await post(database.db, {
      id: 'silver-transfer:2:claim',
      debit: { system: 'transfer:unclaimed' },
      credit: avail(C),
      currency: 'AG',
      amount: 200,
      code: 'claim',
    });
    await database.db.execute(
      sql`update silver_transfers set status = 'completed', receiver_id = ${C}, completed_at = now(), expires_at = null
           where id = 2`,
    );
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    expect((await getBalances(database.db, A)).AG.available).toBe(a0 - 700);
    expect((await getBalances(database.db, B)).AG.available).toBe(500);
    expect((await getBalances(database.db, C)).AG.available).toBe(200);
    expect(await balanceOf(database.db, { system: 'transfer:unclaimed' }, 'AG')).toBe(0);
  });

  it('9. the house puts bars in the vault; proof of reserves holds throughout, folded or not', async () => {
    await post(database.db, {
      id: 'vault.deposit:1',
      debit: { system: 'vault' },
      credit: { house: 'available' },
      currency: 'AG',
      amount: 10000,
      code: 'bars',
    });
    expect(await proofOfReserves(database.db)).toEqual({ vault: 11200n, owed: 11200n });
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    const before = await getBalances(database.db, B);
    expect(await foldBalances(database.db)).toBeGreaterThan(0);
    const [left] = await rows<{ n: string }>(database.db, sql`select count(*)::text as n from ledger_balance_deltas`);
    expect(left!.n).toBe('0');
    expect(await getBalances(database.db, B)).toEqual(before);
    expect(await proofOfReserves(database.db)).toEqual({ vault: 11200n, owed: 11200n });
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
  });
});

describe('ledger: transfers, batches and ids', () => {
  let database: Database;
  let A: number;
  let B: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    [A, B] = (await createLedgerUsers(database.db, 2)) as [number, number];
    await post(database.db, deposit('seed', A, 1000));
  });

  it('rejects bad input before touching the database', async () => {
    const ok: TransferInput = { id: 'bad', debit: avail(A), credit: avail(B), currency: 'BRL', amount: 1, code: 'x' };
    const bad: Array<Record<string, unknown>> = [
      { amount: 0 },
      { amount: -5 },
      { amount: 1.5 },
      { amount: Number.NaN },
      { amount: 2 ** 53 },
      { amount: '10' },
      { currency: 'USD' },
      { credit: { system: 'vault' } }, // vault holds only AG
      { credit: { system: 'nope' } },
      { credit: avail(A) }, // same account on both sides
      { credit: { customer: 0, bucket: 'available' } },
      { credit: { customer: A, bucket: 'other' } },
      { credit: { customer: B, bucket: 'held' } }, // held accounts move only through holds
      { debit: { house: 'held' } },
      { code: '' },
      { id: '' },
      { id: 'has#hash' },
      { id: 'x'.repeat(201) },
      { id: 'espaço' },
    ];
    for (const patch of bad) {
      await expect(post(database.db, { ...ok, ...patch } as TransferInput)).rejects.toThrow(/ledger:/);
    }
    await expect(
      hold(database.db, { id: 'h', holder: { customer: A }, currency: 'BRL', amount: 1, reason: '', reference: 'r' }),
    ).rejects.toThrow(/ledger:/);
    await expect(capture(database.db, { holdId: 'h', currency: 'BRL', parts: [] })).rejects.toThrow(/ledger:/);
    expect(await transferCount(database.db, 'bad')).toBe(0);
    expect(await execute(database.db, [])).toEqual([]);
  });

  it('a refusal is a result: nothing of it is applied, and the transaction goes on', async () => {
    const outcome = await withTransaction(database.db, async (tx) => {
      const refused = await post(tx, {
        id: 'overdraw:1',
        debit: avail(A),
        credit: avail(B),
        currency: 'BRL',
        amount: 1001,
        code: 'transfer',
      });
      const after = await post(tx, {
        id: 'overdraw:2',
        debit: avail(A),
        credit: avail(B),
        currency: 'BRL',
        amount: 1000,
        code: 'transfer',
      });
      return { refused, after };
    });
    expect(outcome.refused).toEqual({
      ok: false,
      reason: 'insufficient_funds',
      account: `customer:${A}:available:BRL`,
    });
    expect(outcome.after).toMatchObject({ ok: true });
    expect((await getBalances(database.db, A)).BRL.available).toBe(0);
    expect((await getBalances(database.db, B)).BRL.available).toBe(1000);
    expect(await transferCount(database.db, 'overdraw:1')).toBe(0);

    // requireOk turns a refusal into the error a route answers
    const err = await caught(
      post(database.db, {
        id: 'overdraw:3',
        debit: { house: 'available' },
        credit: avail(B),
        currency: 'AG',
        amount: 1,
        code: 'x',
      }).then((r) => requireOk(r, 'AG')),
    );
    expect(err).toBeInstanceOf(LedgerRefusedError);
    expect(err).toMatchObject({ code: 'INSUFFICIENT_BALANCE', message: 'Saldo de prata insuficiente.' });
    // give the money back for the next tests
    await post(database.db, {
      id: 'overdraw:back',
      debit: avail(B),
      credit: avail(A),
      currency: 'BRL',
      amount: 1000,
      code: 'transfer',
    });
  });

  it('a batch answers per transfer, checks each against what the ones before it left, never the net', async () => {
    const results = await postBatch(database.db, [
      { id: 'batch:1', debit: avail(A), credit: avail(B), currency: 'BRL', amount: 600, code: 'transfer' },
      // 400 left: refused, although the deposit right after it would cover it
      { id: 'batch:2', debit: avail(A), credit: avail(B), currency: 'BRL', amount: 600, code: 'transfer' },
      deposit('batch:3', A, 500),
      // 900 now
      { id: 'batch:4', debit: avail(A), credit: avail(B), currency: 'BRL', amount: 600, code: 'transfer' },
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['ok', 'insufficient_funds', 'ok', 'ok']);
    expect((await getBalances(database.db, A)).BRL.available).toBe(300);
    expect((await getBalances(database.db, B)).BRL.available).toBe(1200);
    expect(await transferCount(database.db, 'batch:')).toBe(3);
  });

  it('linked transfers and atomic batches: all or nothing, the others say linked_failed', async () => {
    const linked = await postBatch(database.db, [
      { id: 'link:1', debit: avail(B), credit: avail(A), currency: 'BRL', amount: 100, code: 'transfer' },
      { id: 'link:2', debit: avail(A), credit: avail(B), currency: 'BRL', amount: 50, code: 'transfer', linked: true },
      {
        id: 'link:3',
        debit: avail(A),
        credit: avail(B),
        currency: 'BRL',
        amount: 10_000,
        code: 'transfer',
        linked: true,
      },
      { id: 'link:4', debit: avail(A), credit: avail(B), currency: 'BRL', amount: 1, code: 'transfer' },
      { id: 'link:5', debit: avail(B), credit: avail(A), currency: 'BRL', amount: 1, code: 'transfer' },
    ]);
    expect(linked.map((r) => (r.ok ? 'ok' : r.reason))).toEqual([
      'ok',
      'linked_failed',
      'insufficient_funds',
      'linked_failed',
      'ok',
    ]);
    expect((await getBalances(database.db, A)).BRL.available).toBe(300 + 100 + 1);

    const atomic = await postBatch(
      database.db,
      [
        { id: 'atomic:1', debit: avail(A), credit: avail(B), currency: 'BRL', amount: 1, code: 'transfer' },
        { id: 'atomic:2', debit: avail(A), credit: avail(B), currency: 'BRL', amount: 1_000_000, code: 'transfer' },
      ],
      { atomic: true },
    );
    expect(atomic.map((r) => (r.ok ? 'ok' : r.reason))).toEqual(['linked_failed', 'insufficient_funds']);
    expect(await transferCount(database.db, 'atomic:')).toBe(0);
  });

  it('the same id posted twice applies once and answers the first result; other fields are id_conflict', async () => {
    const first = await post(database.db, deposit('psp-evt-1', B, 300));
    const again = await post(database.db, deposit('psp-evt-1', B, 300));
    expect(first).toMatchObject({ ok: true, duplicate: false });
    expect(again).toEqual({ ok: true, duplicate: true, postedAt: (first as { postedAt: Date }).postedAt });
    expect(await post(database.db, deposit('psp-evt-1', B, 301))).toEqual({ ok: false, reason: 'id_conflict' });
    const b = (await getBalances(database.db, B)).BRL.available;

    // twice in one batch: the second is the duplicate of the first
    const batch = await postBatch(database.db, [
      deposit('psp-evt-2', B, 7),
      deposit('psp-evt-2', B, 7),
      deposit('psp-evt-2', B, 8),
    ]);
    expect(batch.map((r) => (r.ok ? (r.duplicate ? 'duplicate' : 'ok') : r.reason))).toEqual([
      'ok',
      'duplicate',
      'id_conflict',
    ]);
    expect((await getBalances(database.db, B)).BRL.available).toBe(b + 7);
  });

  it('a deposit reads no balance of the clearing account it debits, however many deltas that holds', async () => {
    // 100 deposits leave 100 delta rows on pix:clearing (no floor, so never folded in place by a posting)
    for (let i = 0; i < 100; i++) await post(database.db, deposit(`deltas:${i}`, B, 1));
    const fetched = await withTransaction(database.db, async (tx) => {
      const read = async () => {
        const [r] = await rows<{ n: string }>(
          tx,
          sql`select pg_stat_get_xact_tuples_fetched('ledger_balance_deltas'::regclass)::text as n`,
        );
        return Number(r!.n);
      };
      const before = await read();
      requireOk(await post(tx, deposit('deltas:one', B, 1)));
      return (await read()) - before;
    });
    expect(fetched).toBeLessThan(10);
  });

  it('the tables defend themselves: no negative customer balance, no edited transfer', async () => {
    await foldBalances(database.db);
    const checkErr = await caught(
      database.db.execute(
        sql`update ledger_accounts set debits_posted = credits_posted + 1 where code = ${`customer:${A}:available:BRL`}`,
      ),
    );
    expect(pgErrorCode(checkErr)).toBe('23514');
    expect(pgConstraint(checkErr)).toBe('ledger_accounts_debits_within_credits');
    const vaultErr = await caught(
      database.db.execute(sql`update ledger_accounts set credits_posted = debits_posted + 1 where code = 'vault'`),
    );
    expect(pgConstraint(vaultErr)).toBe('ledger_accounts_credits_within_debits');
    await expect(database.db.execute(sql`update ledger_transfers set amount = amount + 1`)).rejects.toThrow();
    await expect(database.db.execute(sql`delete from ledger_transfers`)).rejects.toThrow();
  });

  it('reconcile finds tampering, in Portuguese, and passes again once it is put back', async () => {
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    const code = `customer:${A}:available:BRL`;
    await database.db.execute(sql`update ledger_accounts set credits_posted = credits_posted + 7 where code = ${code}`);
    const broken = await reconcile(database.db);
    expect(broken.ok).toBe(false);
    expect(broken.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^BRL: a soma dos débitos \(\d+\) difere da soma dos créditos \(\d+\)$/),
        expect.stringContaining(`${code}: saldo com débitos`),
      ]),
    );
    await database.db.execute(sql`update ledger_accounts set credits_posted = credits_posted - 7 where code = ${code}`);

    // Silver in the house's account that the vault does not hold breaks the proof of reserves.
    await database.db.execute(
      sql`update ledger_accounts set credits_posted = credits_posted + 5 where code = 'house:available:AG'`,
    );
    await database.db.execute(
      sql`update ledger_accounts set debits_posted = debits_posted + 5 where code = 'rewards:AG'`,
    );
    expect((await reconcile(database.db)).problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Prata: o cofre guarda 0 cg, mas .* somam 5 cg$/)]),
    );
    await database.db.execute(
      sql`update ledger_accounts set credits_posted = credits_posted - 5 where code = 'house:available:AG'`,
    );
    await database.db.execute(
      sql`update ledger_accounts set debits_posted = debits_posted - 5 where code = 'rewards:AG'`,
    );

    // A held balance that no open hold explains.
    await hold(database.db, {
      id: 'tamper',
      holder: { customer: A },
      currency: 'BRL',
      amount: 10,
      reason: 't',
      reference: 't',
    });
    await database.db.execute(sql`update ledger_holds set amount = 9 where hold_id = 'tamper'`);
    expect((await reconcile(database.db)).problems).toEqual(
      expect.arrayContaining([
        `customer:${A}:held:BRL: saldo retido 10, mas as reservas abertas somam 9`,
        'reserva tamper: reservado 10 em vez de 9',
      ]),
    );
    await database.db.execute(sql`update ledger_holds set amount = 10 where hold_id = 'tamper'`);
    await release(database.db, 'tamper');
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
  });
});

describe('ledger: holds', () => {
  let database: Database;
  let A: number;
  let B: number;
  const h = (id: string, amount: number, customer = A) =>
    hold(database.db, { id, holder: { customer }, currency: 'BRL', amount, reason: 'order', reference: `order:${id}` });

  beforeAll(async () => {
    database = await createTestDatabase();
    [A, B] = (await createLedgerUsers(database.db, 2)) as [number, number];
    await post(database.db, deposit('seed', A, 10_000));
  });

  it('each hold is released or captured exactly once; a repeat is a no-op that says so', async () => {
    await h('h1', 1000);
    expect(await h('h1', 1000)).toEqual({ ok: true, duplicate: true, state: 'held' });
    expect(await h('h1', 999)).toEqual({ ok: false, reason: 'id_conflict' });
    expect(await release(database.db, 'h1')).toEqual({ ok: true, duplicate: false, released: 1000 });
    expect(await release(database.db, 'h1')).toEqual({ ok: true, duplicate: true, released: 1000 });
    const parts = [{ to: avail(B), amount: 10, code: 'x' }];
    expect(await capture(database.db, { holdId: 'h1', currency: 'BRL', parts })).toEqual({
      ok: false,
      reason: 'hold_not_open',
    });
    expect(await h('h1', 1000)).toEqual({ ok: true, duplicate: true, state: 'released' });

    await h('h2', 1000);
    const first = await capture(database.db, { holdId: 'h2', currency: 'BRL', parts });
    expect(first).toEqual({ ok: true, duplicate: false, captured: 10, released: 990, remainderHoldId: null });
    expect(await capture(database.db, { holdId: 'h2', currency: 'BRL', parts })).toEqual({ ...first, duplicate: true });
    expect(await release(database.db, 'h2')).toEqual({ ok: false, reason: 'hold_not_open' });
    expect(await release(database.db, 'nope')).toEqual({ ok: false, reason: 'hold_not_found' });
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: 9990, held: 0 });
    expect((await getBalances(database.db, B)).BRL).toEqual({ available: 10, held: 0 });
  });

  it('a hold needs the funds; a capture cannot take more than the hold', async () => {
    expect(await h('big', 1_000_000)).toEqual({
      ok: false,
      reason: 'insufficient_funds',
      account: `customer:${A}:available:BRL`,
    });
    await h('h3', 100);
    expect(
      await capture(database.db, { holdId: 'h3', currency: 'BRL', parts: [{ to: avail(B), amount: 101, code: 'x' }] }),
    ).toEqual({ ok: false, reason: 'capture_exceeds_hold' });
    expect((await getHold(database.db, 'h3'))?.state).toBe('held');
  });

  it('a partial fill keeps the rest held under a new hold; hold and capture can share a batch', async () => {
    const partial = await capture(database.db, {
      holdId: 'h3',
      currency: 'BRL',
      parts: [{ to: avail(B), amount: 30, code: 'trade.value' }],
      remainderHoldId: 'h3.rest',
    });
    expect(partial).toEqual({ ok: true, duplicate: false, captured: 30, released: 0, remainderHoldId: 'h3.rest' });
    expect(await getHold(database.db, 'h3.rest')).toMatchObject({ state: 'held', amount: 70, reference: 'order:h3' });
    expect((await getBalances(database.db, A)).BRL.held).toBe(70);

    const placedAndFilled = await execute(database.db, [
      {
        kind: 'hold',
        id: 'h4',
        holder: { customer: A },
        currency: 'BRL',
        amount: 500,
        reason: 'order',
        reference: 'order:h4',
      },
      {
        kind: 'capture',
        holdId: 'h4',
        currency: 'BRL',
        parts: [{ to: avail(B), amount: 200, code: 'trade.value' }],
        remainderHoldId: 'h4.rest',
      },
      {
        kind: 'capture',
        holdId: 'h4.rest',
        currency: 'BRL',
        parts: [{ to: avail(B), amount: 300, code: 'trade.value' }],
      },
      { kind: 'release', holdId: 'h3.rest' },
    ]);
    expect(placedAndFilled.map((r) => r.ok)).toEqual([true, true, true, true]);
    expect(placedAndFilled[2]).toMatchObject({ captured: 300, released: 0, remainderHoldId: null });
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: 9990 - 100 + 70 - 500, held: 0 });
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
  });

  it('a linked chain of hold commands undoes its holds too', async () => {
    const results = await execute(database.db, [
      {
        kind: 'hold',
        id: 'chain:1',
        holder: { customer: A },
        currency: 'BRL',
        amount: 10,
        reason: 'order',
        reference: 'c',
        linked: true,
      },
      {
        kind: 'capture',
        holdId: 'chain:1',
        currency: 'BRL',
        parts: [{ to: avail(B), amount: 10, code: 'x' }],
        linked: true,
      },
      {
        kind: 'hold',
        id: 'chain:2',
        holder: { customer: A },
        currency: 'BRL',
        amount: 10_000_000,
        reason: 'order',
        reference: 'c',
      },
    ]);
    expect(results.map((r) => (r.ok ? 'ok' : r.reason))).toEqual([
      'linked_failed',
      'linked_failed',
      'insufficient_funds',
    ]);
    expect(await getHold(database.db, 'chain:1')).toBeNull();
    expect(await transferCount(database.db, 'chain:')).toBe(0);
  });
});

describe('ledger: closed accounts', () => {
  it('closing is refused while money or a hold remains; then postings to or from the account are refused', async () => {
    const database = await createTestDatabase();
    const [A, B] = (await createLedgerUsers(database.db, 2)) as [number, number];
    await post(database.db, deposit('d1', A, 500));
    await hold(database.db, {
      id: 'w1',
      holder: { customer: A },
      currency: 'BRL',
      amount: 200,
      reason: 'withdrawal',
      reference: 'w1',
    });
    expect(await withTransaction(database.db, (tx) => closeAccount(tx, A))).toEqual({
      ok: false,
      reason: 'open_holds',
      openHolds: 1,
    });
    await release(database.db, 'w1');
    expect(await closeAccount(database.db, A)).toEqual({
      ok: false,
      reason: 'balance_remaining',
      balances: { [`customer:${A}:available:BRL`]: 500 },
    });
    await post(database.db, {
      id: 'p1',
      debit: avail(A),
      credit: { system: 'payout:clearing' },
      currency: 'BRL',
      amount: 500,
      code: 'payout',
    });
    const closed = await closeAccount(database.db, A);
    expect(closed).toMatchObject({ ok: true, duplicate: false });
    expect(await closeAccount(database.db, A)).toMatchObject({ ok: true, duplicate: true });

    expect(await post(database.db, deposit('d2', A, 1))).toEqual({
      ok: false,
      reason: 'account_closed',
      account: `customer:${A}:available:BRL`,
    });
    expect(
      await post(database.db, {
        id: 't1',
        debit: { system: 'vault' },
        credit: avail(A),
        currency: 'AG',
        amount: 1,
        code: 'x',
      }),
    ).toMatchObject({ ok: false, reason: 'account_closed' });
    expect(
      await hold(database.db, {
        id: 'w2',
        holder: { customer: A },
        currency: 'BRL',
        amount: 1,
        reason: 'x',
        reference: 'x',
      }),
    ).toMatchObject({ ok: false, reason: 'account_closed' });
    // a debit from the closed account answers with it, before any question of funds
    expect(
      await post(database.db, {
        id: 't2',
        debit: avail(A),
        credit: avail(B),
        currency: 'BRL',
        amount: 1,
        code: 'transfer',
      }),
    ).toEqual({ ok: false, reason: 'account_closed', account: `customer:${A}:available:BRL` });
    // a customer who never posted can be closed too, and then receives nothing
    expect(await closeAccount(database.db, B)).toMatchObject({ ok: true, duplicate: false });
    expect(await post(database.db, deposit('d3', B, 1))).toMatchObject({ ok: false, reason: 'account_closed' });

    expect(await reopenAccount(database.db, A)).toEqual({ ok: true, duplicate: false });
    expect(await reopenAccount(database.db, A)).toEqual({ ok: true, duplicate: true });
    expect(await post(database.db, deposit('d2', A, 1))).toMatchObject({ ok: true, duplicate: false });
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
  });
});
