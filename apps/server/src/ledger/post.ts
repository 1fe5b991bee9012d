import { is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../db/client';
import { withTransaction } from '../db/tx';
import { type AccountRef, type AccountSpec, accountSpec, type Currency } from './accounts';
import { InsufficientFundsError, insufficientFundsCode } from './errors';
import { int, rows } from './sql';

export type TransferInput = {
  debit: AccountRef;
  credit: AccountRef;
  currency: Currency;
  /** a positive integer: centavos for BRL, centigrams for AG */
  amount: number;
  /** what the transfer is, for statements and audits: 'deposit', 'trade.value', 'fee', 'iof', 'hold' ... */
  code: string;
};

/** The business operation a posting belongs to; with each transfer's step (1, 2, ...) it is unique forever. */
export type Operation = { type: string; id: string | number };

export type Posting = { operation: Operation; transfers: TransferInput[] };

/**
 * Posts the transfers of one business operation, all or nothing, inside the caller's transaction (or a transaction of
 * its own when given the database). Throws InsufficientFundsError, having aborted the transaction, when a flagged
 * account would go below zero; a unique violation (see isDuplicatePosting) when the operation was already posted.
 */
export async function post(tx: Executor, operation: Operation, transfers: TransferInput[]): Promise<void> {
  await postMany(tx, [{ operation, transfers }]);
}

/**
 * Posts several operations in one go (the order book posts a batch of trades per transaction): every transfer in one
 * insert, every balance in one guarded update. The balance checks apply to each account's net change over the whole
 * batch; if any fails, nothing of the batch (nor of the transaction) is kept.
 */
export async function postMany(tx: Executor, postings: Posting[]): Promise<void> {
  if (!is(tx, PgTransaction)) {
    await withTransaction(tx as Db, (t) => postMany(t, postings));
    return;
  }
  const plan = planPostings(postings);
  if (plan.transfers.length === 0) return;
  const ids = await lockAccounts(tx, plan.accounts);

  const t = plan.transfers;
  await tx.execute(sql`
    insert into ledger_transfers
      (operation_type, operation_id, step, debit_account_id, credit_account_id, currency, amount, code)
    select * from unnest(
      ${sql.param(t.map((x) => x.operationType))}::text[],
      ${sql.param(t.map((x) => x.operationId))}::text[],
      ${sql.param(t.map((x) => x.step))}::int[],
      ${sql.param(t.map((x) => ids.get(x.debit)!))}::bigint[],
      ${sql.param(t.map((x) => ids.get(x.credit)!))}::bigint[],
      ${sql.param(t.map((x) => x.currency))}::text[],
      ${sql.param(t.map((x) => x.amount))}::bigint[],
      ${sql.param(t.map((x) => x.code))}::text[]
    )`);

  // One net change per account. The rows are already locked (in id order), so this cannot deadlock; the WHERE
  // guard is evaluated on the row's latest version, so it is safe under READ COMMITTED. Any account whose guard
  // fails makes the statement raise PR001, which aborts the transaction.
  const deltas = new Map<number, { debits: number; credits: number }>();
  for (const x of t) {
    const d = ids.get(x.debit)!;
    const c = ids.get(x.credit)!;
    const dd = deltas.get(d) ?? { debits: 0, credits: 0 };
    dd.debits += x.amount;
    deltas.set(d, dd);
    const cc = deltas.get(c) ?? { debits: 0, credits: 0 };
    cc.credits += x.amount;
    deltas.set(c, cc);
  }
  const accountIds = [...deltas.keys()].sort((a, b) => a - b);
  const debits = accountIds.map((id) => deltas.get(id)!.debits);
  const credits = accountIds.map((id) => deltas.get(id)!.credits);
  if (![...debits, ...credits].every(Number.isSafeInteger)) throw new RangeError('ledger: batch total out of range');
  try {
    await tx.execute(sql`
      with d (id, dr, cr) as (
        select * from unnest(${sql.param(accountIds)}::bigint[], ${sql.param(debits)}::bigint[],
                             ${sql.param(credits)}::bigint[])
      ), u as (
        update ledger_accounts a
           set debits_posted = a.debits_posted + d.dr, credits_posted = a.credits_posted + d.cr
          from d
         where a.id = d.id
           and (not a.debits_must_not_exceed_credits or a.credits_posted + d.cr - a.debits_posted - d.dr >= 0)
           and (not a.credits_must_not_exceed_debits or a.debits_posted + d.dr - a.credits_posted - d.cr >= 0)
        returning a.id
      )
      select ledger_insufficient_funds(a.code)
        from d join ledger_accounts a on a.id = d.id
       where not exists (select 1 from u where u.id = d.id)`);
  } catch (err) {
    const code = insufficientFundsCode(err);
    const spec = code === undefined ? undefined : plan.accounts.get(code);
    if (spec) throw new InsufficientFundsError(spec.currency, spec.ref, spec.code);
    throw err;
  }
}

type PlannedTransfer = {
  operationType: string;
  operationId: string;
  step: number;
  debit: string;
  credit: string;
  currency: Currency;
  amount: number;
  code: string;
};

/** Validates everything before touching the database and names every account involved. */
function planPostings(postings: Posting[]) {
  const accounts = new Map<string, AccountSpec>();
  const transfers: PlannedTransfer[] = [];
  for (const { operation, transfers: inputs } of postings) {
    const operationType = operation?.type;
    if (typeof operationType !== 'string' || operationType.length < 1 || operationType.length > 60) {
      throw new TypeError(`ledger: invalid operation type ${JSON.stringify(operationType)}`);
    }
    const rawId = operation.id;
    const validId =
      (typeof rawId === 'number' && Number.isSafeInteger(rawId)) ||
      (typeof rawId === 'string' && rawId.length >= 1 && rawId.length <= 100);
    if (!validId) throw new TypeError(`ledger: invalid operation id ${JSON.stringify(rawId)}`);
    inputs.forEach((input, i) => {
      const where = `${operationType}:${rawId} step ${i + 1}`;
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw new RangeError(`ledger: ${where}: the amount must be a positive integer, got ${input.amount}`);
      }
      if (typeof input.code !== 'string' || input.code.length < 1 || input.code.length > 100) {
        throw new TypeError(`ledger: ${where}: invalid transfer code`);
      }
      const debit = accountSpec(input.debit, input.currency);
      const credit = accountSpec(input.credit, input.currency);
      if (debit.code === credit.code) throw new TypeError(`ledger: ${where}: debit and credit are both ${debit.code}`);
      accounts.set(debit.code, debit);
      accounts.set(credit.code, credit);
      transfers.push({
        operationType,
        operationId: String(rawId),
        step: i + 1,
        debit: debit.code,
        credit: credit.code,
        currency: input.currency,
        amount: input.amount,
        code: input.code,
      });
    });
  }
  return { accounts, transfers };
}

/**
 * The ids of the accounts, locked FOR UPDATE in id order (a fixed order, so concurrent postings queue instead of
 * deadlocking). Customer accounts are opened on first use; a concurrent opening of the same account is harmless.
 */
async function lockAccounts(tx: Executor, accounts: Map<string, AccountSpec>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const lock = async (codes: string[]) => {
    const found = await rows<{ id: string; code: string }>(
      tx,
      sql`select id::text as id, code from ledger_accounts
           where code = any(${sql.param(codes)}::text[]) order by id for update`,
    );
    for (const r of found) ids.set(r.code, int(r.id));
  };
  await lock([...accounts.keys()]);
  const missing = [...accounts.values()].filter((a) => !ids.has(a.code));
  if (missing.length === 0) return ids;
  const system = missing.find((a) => a.ownerUserId === null);
  if (system) throw new Error(`ledger: the system account ${system.code} is missing (migration 0002_ledger)`);
  await tx.execute(sql`
    insert into ledger_accounts (currency, kind, code, owner_user_id, debits_must_not_exceed_credits)
    select c, 'liability', code, owner, true
      from unnest(${sql.param(missing.map((a) => a.currency))}::text[], ${sql.param(missing.map((a) => a.code))}::text[],
                  ${sql.param(missing.map((a) => a.ownerUserId))}::bigint[]) as m (c, code, owner)
    on conflict (code) do nothing`);
  await lock(missing.map((a) => a.code));
  const still = missing.find((a) => !ids.has(a.code));
  if (still) throw new Error(`ledger: could not open ${still.code}`);
  return ids;
}
