import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { Database, Executor } from '../db/client';
import { ledgerAccounts } from '../db/schema/index';
import { pgConstraint, pgErrorCode, withTransaction } from '../db/tx';
import { seededAccounts } from './accounts';
import {
  type AccountRef,
  balanceOf,
  getBalances,
  hold,
  InsufficientFundsError,
  isDuplicatePosting,
  post,
  postMany,
  proofOfReserves,
  reconcile,
  release,
  type TransferInput,
} from './index';
import { rows } from './sql';
import { createLedgerUsers } from './testing';

const avail = (customer: number): AccountRef => ({ customer, bucket: 'available' });
const held = (customer: number): AccountRef => ({ customer, bucket: 'held' });

async function transferCount(db: Executor, operationType?: string): Promise<number> {
  const [r] = await rows<{ n: string }>(
    db,
    operationType
      ? sql`select count(*)::text as n from ledger_transfers where operation_type = ${operationType}`
      : sql`select count(*)::text as n from ledger_transfers`,
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

describe('ledger: LEDGER.md worked examples', () => {
  let database: Database;
  let A: number;
  let B: number;
  let C: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    [A, B, C] = (await createLedgerUsers(database.db, 3)) as [number, number, number];
  });

  it('starts balanced, with the chart of accounts seeded and customers at zero', async () => {
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
      .from(ledgerAccounts);
    const expected = seededAccounts().map((s) => ({
      code: s.code,
      currency: s.currency,
      kind: s.kind,
      d: s.debitsMustNotExceedCredits,
      c: s.creditsMustNotExceedDebits,
    }));
    const byCode = (a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code);
    expect(seeded.sort(byCode)).toEqual(expected.sort(byCode));
    expect(seeded.map((s) => s.code)).toEqual(
      expect.arrayContaining(['house:available:AG', 'house:held:BRL', 'vault', 'rewards:AG', 'transfer:unclaimed']),
    );
  });

  it('1. a Pix deposit of R$ 100,00', async () => {
    await withTransaction(database.db, (tx) =>
      post(tx, { type: 'deposit', id: 1 }, [
        { debit: { system: 'pix:clearing' }, credit: avail(A), currency: 'BRL', amount: 10000, code: 'deposit.pix' },
      ]),
    );
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: 10000, held: 0 });
    expect(await balanceOf(database.db, { system: 'pix:clearing' }, 'BRL')).toBe(10000);
  });

  it('2. a limit buy of 10 g at R$ 5,00/g holds value + fee + IOF = 5521', async () => {
    await withTransaction(database.db, (tx) =>
      hold(tx, { userId: A, currency: 'BRL', amount: 5521, operation: { type: 'order.place', id: 1 } }),
    );
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: 4479, held: 5521 });
  });

  it('3. a crossing sell of 10 g: the trade moves silver, value, fees and IOF', async () => {
    // B's silver comes from the vault (as if bought from the house earlier).
    await post(database.db, { type: 'test.fund', id: 'B-AG' }, [
      { debit: { system: 'vault' }, credit: avail(B), currency: 'AG', amount: 1000, code: 'fund' },
    ]);
    await withTransaction(database.db, (tx) =>
      hold(tx, { userId: B, currency: 'AG', amount: 1000, operation: { type: 'order.place', id: 2 } }),
    );
    expect((await getBalances(database.db, B)).AG).toEqual({ available: 0, held: 1000 });

    // B's BRL available is 0 before the trade: the seller's fee and IOF are paid out of the value it receives in the
    // same operation (the balance check applies to each account's net change).
    await withTransaction(database.db, (tx) =>
      post(tx, { type: 'trade', id: 1 }, [
        { debit: held(B), credit: avail(A), currency: 'AG', amount: 1000, code: 'trade.silver' },
        { debit: held(A), credit: avail(B), currency: 'BRL', amount: 5000, code: 'trade.value' },
        { debit: held(A), credit: { system: 'revenue:operating-fee' }, currency: 'BRL', amount: 500, code: 'fee' },
        { debit: held(A), credit: { system: 'tax:iof' }, currency: 'BRL', amount: 21, code: 'iof' },
        { debit: avail(B), credit: { system: 'revenue:operating-fee' }, currency: 'BRL', amount: 500, code: 'fee' },
        { debit: avail(B), credit: { system: 'tax:iof' }, currency: 'BRL', amount: 21, code: 'iof' },
      ]),
    );
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
    expect(await transferCount(database.db, 'trade')).toBe(6);
  });

  it('3b. the part of a hold a fill did not use goes back in the trade', async () => {
    // A buys 2 g at up to R$ 5,00/g (hold 1000 + fee 500 + IOF 6 = 1506) and is filled at R$ 4,00/g:
    // value 800, fee 500, IOF round(1300 x 0.0038) = 5; the other 201 goes back.
    await hold(database.db, { userId: A, currency: 'BRL', amount: 1506, operation: { type: 'order.place', id: 3 } });
    await post(database.db, { type: 'test.fund', id: 'house-AG' }, [
      { debit: { system: 'vault' }, credit: { house: 'held' }, currency: 'AG', amount: 200, code: 'fund' },
    ]);
    await post(database.db, { type: 'trade', id: 2 }, [
      { debit: { house: 'held' }, credit: avail(A), currency: 'AG', amount: 200, code: 'trade.silver' },
      { debit: held(A), credit: { house: 'available' }, currency: 'BRL', amount: 800, code: 'trade.value' },
      { debit: held(A), credit: { system: 'revenue:operating-fee' }, currency: 'BRL', amount: 500, code: 'fee' },
      { debit: held(A), credit: { system: 'tax:iof' }, currency: 'BRL', amount: 5, code: 'iof' },
      { debit: held(A), credit: avail(A), currency: 'BRL', amount: 201, code: 'release' },
    ]);
    expect(await getBalances(database.db, A)).toEqual({
      BRL: { available: 4479 - 1506 + 201, held: 0 },
      AG: { available: 1200, held: 0 },
    });
    expect(await balanceOf(database.db, { house: 'available' }, 'BRL')).toBe(800);
    expect(await balanceOf(database.db, { house: 'held' }, 'AG')).toBe(0);
  });

  it('4. cancelling a resting order gives its hold back', async () => {
    const before = await getBalances(database.db, A);
    await withTransaction(database.db, async (tx) => {
      await hold(tx, { userId: A, currency: 'BRL', amount: 2000, operation: { type: 'order.place', id: 4 } });
    });
    expect((await getBalances(database.db, A)).BRL).toEqual({
      available: before.BRL.available - 2000,
      held: 2000,
    });
    await withTransaction(database.db, (tx) =>
      release(tx, { userId: A, currency: 'BRL', amount: 2000, operation: { type: 'order.cancel', id: 4 } }),
    );
    expect(await getBalances(database.db, A)).toEqual(before);
  });

  it('5. a withdrawal of R$ 200,00 with a R$ 9,90 fee: requested, paid; another requested, rejected', async () => {
    await post(database.db, { type: 'deposit', id: 2 }, [
      { debit: { system: 'ted:clearing' }, credit: avail(A), currency: 'BRL', amount: 20000, code: 'deposit.ted' },
    ]);
    const start = (await getBalances(database.db, A)).BRL.available;
    await hold(database.db, {
      userId: A,
      currency: 'BRL',
      amount: 20000,
      operation: { type: 'withdrawal.request', id: 1 },
    });
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: start - 20000, held: 20000 });
    await post(database.db, { type: 'withdrawal.paid', id: 1 }, [
      { debit: held(A), credit: { system: 'payout:clearing' }, currency: 'BRL', amount: 19010, code: 'payout' },
      { debit: held(A), credit: { system: 'revenue:withdrawal-fee' }, currency: 'BRL', amount: 990, code: 'fee' },
    ]);
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: start - 20000, held: 0 });
    expect(await balanceOf(database.db, { system: 'payout:clearing' }, 'BRL')).toBe(-19010);
    expect(await balanceOf(database.db, { system: 'revenue:withdrawal-fee' }, 'BRL')).toBe(990);

    await hold(database.db, {
      userId: A,
      currency: 'BRL',
      amount: 1000,
      operation: { type: 'withdrawal.request', id: 2 },
    });
    await release(database.db, {
      userId: A,
      currency: 'BRL',
      amount: 1000,
      operation: { type: 'withdrawal.rejected', id: 2 },
    });
    expect((await getBalances(database.db, A)).BRL).toEqual({ available: start - 20000, held: 0 });
  });

  it('6. a silver transfer of 5 g to a customer, and 2 g to an e-mail claimed later', async () => {
    const a0 = (await getBalances(database.db, A)).AG.available;
    await post(database.db, { type: 'silver-transfer', id: 1 }, [
      { debit: avail(A), credit: avail(B), currency: 'AG', amount: 500, code: 'transfer' },
    ]);
    await post(database.db, { type: 'silver-transfer', id: 2 }, [
      { debit: avail(A), credit: { system: 'transfer:unclaimed' }, currency: 'AG', amount: 200, code: 'transfer' },
    ]);
    expect(await balanceOf(database.db, { system: 'transfer:unclaimed' }, 'AG')).toBe(200);
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    await post(database.db, { type: 'silver-transfer.claim', id: 2 }, [
      { debit: { system: 'transfer:unclaimed' }, credit: avail(C), currency: 'AG', amount: 200, code: 'claim' },
    ]);
    expect((await getBalances(database.db, A)).AG.available).toBe(a0 - 700);
    expect((await getBalances(database.db, B)).AG.available).toBe(500);
    expect((await getBalances(database.db, C)).AG.available).toBe(200);
    expect(await balanceOf(database.db, { system: 'transfer:unclaimed' }, 'AG')).toBe(0);
  });

  it('9. the house puts bars in the vault; proof of reserves holds throughout', async () => {
    await post(database.db, { type: 'vault.deposit', id: 1 }, [
      { debit: { system: 'vault' }, credit: { house: 'available' }, currency: 'AG', amount: 10000, code: 'bars' },
    ]);
    expect(await proofOfReserves(database.db)).toEqual({ vault: 11200n, owed: 11200n });
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
  });
});

describe('ledger: safety', () => {
  let database: Database;
  let A: number;
  let B: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    [A, B] = (await createLedgerUsers(database.db, 2)) as [number, number];
    await post(database.db, { type: 'deposit', id: 'seed' }, [
      { debit: { system: 'pix:clearing' }, credit: avail(A), currency: 'BRL', amount: 1000, code: 'deposit' },
    ]);
  });

  it('rejects bad input before touching the database', async () => {
    const ok: TransferInput = { debit: avail(A), credit: avail(B), currency: 'BRL', amount: 1, code: 'x' };
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
      { code: '' },
    ];
    for (const patch of bad) {
      await expect(post(database.db, { type: 'bad', id: 1 }, [{ ...ok, ...patch } as TransferInput])).rejects.toThrow(
        /ledger:/,
      );
    }
    await expect(post(database.db, { type: '', id: 1 }, [ok])).rejects.toThrow(/operation type/);
    await expect(post(database.db, { type: 'bad', id: 1.5 }, [ok])).rejects.toThrow(/operation id/);
    expect(await transferCount(database.db, 'bad')).toBe(0);
    await post(database.db, { type: 'empty', id: 1 }, []); // nothing to post is not an error
  });

  it('InsufficientFundsError names the currency and the account and leaves everything as it was', async () => {
    const err = await caught(
      withTransaction(database.db, (tx) =>
        post(tx, { type: 'overdraw', id: 1 }, [
          { debit: avail(A), credit: avail(B), currency: 'BRL', amount: 1001, code: 'transfer' },
        ]),
      ),
    );
    expect(err).toBeInstanceOf(InsufficientFundsError);
    const e = err as InsufficientFundsError;
    expect(e.currency).toBe('BRL');
    expect(e.account).toEqual(avail(A));
    expect(e.accountCode).toBe(`customer:${A}:available:BRL`);
    expect(e.code).toBe('INSUFFICIENT_BALANCE');
    expect(e.message).toBe('Saldo em reais insuficiente.');
    expect((await getBalances(database.db, A)).BRL.available).toBe(1000);
    expect(await transferCount(database.db, 'overdraw')).toBe(0);
    // B's account was opened by the failed posting, and that was rolled back too.
    expect(await rows(database.db, sql`select 1 from ledger_accounts where owner_user_id = ${B}`)).toEqual([]);

    const ag = await caught(
      post(database.db, { type: 'overdraw', id: 2 }, [
        { debit: { house: 'available' }, credit: avail(B), currency: 'AG', amount: 1, code: 'x' },
      ]),
    );
    expect(ag).toMatchObject({
      currency: 'AG',
      account: { house: 'available' },
      message: 'Saldo de prata insuficiente.',
    });
  });

  it('all or nothing: one failing operation in a batch leaves nothing of the batch posted', async () => {
    const err = await caught(
      withTransaction(database.db, (tx) =>
        postMany(tx, [
          {
            operation: { type: 'batch', id: 1 },
            transfers: [{ debit: avail(A), credit: avail(B), currency: 'BRL', amount: 600, code: 'transfer' }],
          },
          {
            operation: { type: 'batch', id: 2 },
            transfers: [
              { debit: { system: 'pix:clearing' }, credit: avail(A), currency: 'BRL', amount: 5, code: 'deposit' },
              // 1000 + 5 - 600 - 600 < 0: this one fails, so none of it happens
              { debit: avail(A), credit: avail(B), currency: 'BRL', amount: 600, code: 'transfer' },
            ],
          },
        ]),
      ),
    );
    expect(err).toBeInstanceOf(InsufficientFundsError);
    expect(await transferCount(database.db, 'batch')).toBe(0);
    expect((await getBalances(database.db, A)).BRL.available).toBe(1000);
    expect((await getBalances(database.db, B)).BRL.available).toBe(0);

    // Without a transaction of the caller's, post() opens its own: still all or nothing.
    await expect(
      post(database.db, { type: 'batch', id: 3 }, [
        { debit: avail(A), credit: avail(B), currency: 'BRL', amount: 600, code: 'transfer' },
        { debit: avail(A), credit: avail(B), currency: 'BRL', amount: 600, code: 'transfer' },
      ]),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await transferCount(database.db, 'batch')).toBe(0);
  });

  it('an InsufficientFundsError aborts the caller transaction; a savepoint lets the caller go on', async () => {
    const err = await caught(
      withTransaction(database.db, async (tx) => {
        await post(tx, { type: 'abort', id: 1 }, [
          { debit: { system: 'pix:clearing' }, credit: avail(B), currency: 'BRL', amount: 50, code: 'deposit' },
        ]);
        try {
          await post(tx, { type: 'abort', id: 2 }, [
            { debit: avail(B), credit: avail(A), currency: 'BRL', amount: 51, code: 'transfer' },
          ]);
        } catch {
          // swallowing it does not help: the database refuses the rest of the transaction
        }
        await tx.execute(sql`select 1`);
      }),
    );
    expect(pgErrorCode(err)).toBe('25P02');
    expect(await transferCount(database.db, 'abort')).toBe(0);

    await withTransaction(database.db, async (tx) => {
      await post(tx, { type: 'savepoint', id: 1 }, [
        { debit: { system: 'pix:clearing' }, credit: avail(B), currency: 'BRL', amount: 50, code: 'deposit' },
      ]);
      const inner = await caught(
        tx.transaction((sp) =>
          post(sp, { type: 'savepoint', id: 2 }, [
            { debit: avail(B), credit: avail(A), currency: 'BRL', amount: 51, code: 'transfer' },
          ]),
        ),
      );
      expect(inner).toBeInstanceOf(InsufficientFundsError);
      await post(tx, { type: 'savepoint', id: 3 }, [
        { debit: avail(B), credit: avail(A), currency: 'BRL', amount: 50, code: 'transfer' },
      ]);
    });
    expect(await transferCount(database.db, 'savepoint')).toBe(2);
    expect((await getBalances(database.db, A)).BRL.available).toBe(1050);
    expect((await getBalances(database.db, B)).BRL.available).toBe(0);
  });

  it('idempotency: the same operation posted twice is refused and nothing is doubled', async () => {
    const deposit = () =>
      post(database.db, { type: 'deposit', id: 'psp-evt-1' }, [
        { debit: { system: 'pix:clearing' }, credit: avail(B), currency: 'BRL', amount: 300, code: 'deposit' },
      ]);
    await deposit();
    const err = await caught(deposit());
    expect(pgErrorCode(err)).toBe('23505');
    expect(pgConstraint(err)).toBe('ledger_transfers_operation_uq');
    expect(isDuplicatePosting(err)).toBe(true);
    expect((await getBalances(database.db, B)).BRL.available).toBe(300);

    // A numeric id and its string are the same operation; the same operation twice in one batch is refused too.
    const dup = await caught(
      postMany(database.db, [
        {
          operation: { type: 'deposit', id: 77 },
          transfers: [{ debit: { system: 'pix:clearing' }, credit: avail(B), currency: 'BRL', amount: 1, code: 'd' }],
        },
        {
          operation: { type: 'deposit', id: '77' },
          transfers: [{ debit: { system: 'pix:clearing' }, credit: avail(B), currency: 'BRL', amount: 1, code: 'd' }],
        },
      ]),
    );
    expect(isDuplicatePosting(dup)).toBe(true);
    expect((await getBalances(database.db, B)).BRL.available).toBe(300);
    expect(await transferCount(database.db, 'deposit')).toBe(2); // 'seed' and 'psp-evt-1'
  });

  it('the database itself refuses a negative customer balance and edits of transfers', async () => {
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
    // a transfer between accounts of another currency is refused by its foreign keys
    const [brl] = await rows<{ id: string }>(
      database.db,
      sql`select id::text as id from ledger_accounts where code = 'pix:clearing'`,
    );
    const [ag] = await rows<{ id: string }>(
      database.db,
      sql`select id::text as id from ledger_accounts where code = 'vault'`,
    );
    const fkErr = await caught(
      database.db.execute(sql`insert into ledger_transfers
        (operation_type, operation_id, step, debit_account_id, credit_account_id, currency, amount, code)
        values ('x', '1', 1, ${Number(brl!.id)}, ${Number(ag!.id)}, 'BRL', 1, 'x')`),
    );
    expect(pgErrorCode(fkErr)).toBe('23503');
  });

  it('reconcile detects a tampered balance, and passes again once it is put back', async () => {
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
    const code = `customer:${A}:available:BRL`;
    await database.db.execute(sql`update ledger_accounts set credits_posted = credits_posted + 7 where code = ${code}`);
    const broken = await reconcile(database.db);
    expect(broken.ok).toBe(false);
    expect(broken.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^BRL: debits \d+ != credits \d+$/),
        expect.stringContaining(`${code}: posted debits`),
      ]),
    );
    await database.db.execute(sql`update ledger_accounts set credits_posted = credits_posted - 7 where code = ${code}`);

    // Silver in a customer's account that the vault does not hold breaks the proof of reserves.
    await database.db.execute(
      sql`update ledger_accounts set credits_posted = credits_posted + 5 where code = 'house:available:AG'`,
    );
    await database.db.execute(
      sql`update ledger_accounts set debits_posted = debits_posted + 5 where code = 'rewards:AG'`,
    );
    const unbacked = await reconcile(database.db);
    expect(unbacked.problems).toEqual(
      expect.arrayContaining([expect.stringMatching(/^AG: vault holds 0 but .* owed 5$/)]),
    );
    await database.db.execute(
      sql`update ledger_accounts set credits_posted = credits_posted - 5 where code = 'house:available:AG'`,
    );
    await database.db.execute(
      sql`update ledger_accounts set debits_posted = debits_posted - 5 where code = 'rewards:AG'`,
    );
    expect(await reconcile(database.db)).toEqual({ ok: true, problems: [] });
  });
});
