import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { type AccountRef, accountSpec, type Currency, customerCode, debitNormal } from './accounts';
import type { Operation } from './post';
import { post } from './post';
import { int, rows } from './sql';

export type Balances = {
  BRL: { available: number; held: number };
  AG: { available: number; held: number };
};

/** A customer's balances in minor units (centavos, centigrams); zeros for accounts not opened yet. */
export async function getBalances(db: Executor, userId: number): Promise<Balances> {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new TypeError(`ledger: invalid user id ${userId}`);
  const balances: Balances = { BRL: { available: 0, held: 0 }, AG: { available: 0, held: 0 } };
  const codes = new Map<string, [Currency, 'available' | 'held']>();
  for (const currency of ['BRL', 'AG'] as const) {
    for (const bucket of ['available', 'held'] as const) {
      codes.set(customerCode(userId, bucket, currency), [currency, bucket]);
    }
  }
  const found = await rows<{ code: string; balance: string }>(
    db,
    sql`select code, (credits_posted - debits_posted)::text as balance from ledger_accounts
         where code = any(${sql.param([...codes.keys()])}::text[])`,
  );
  for (const r of found) {
    const [currency, bucket] = codes.get(r.code)!;
    balances[currency][bucket] = int(r.balance);
  }
  return balances;
}

/**
 * The balance of any account on its normal side: credits - debits for liabilities (customers, house, taxes) and
 * revenue, debits - credits for assets (clearing accounts, vault) and expenses. 0 for a customer account not opened.
 */
export async function balanceOf(db: Executor, ref: AccountRef, currency: Currency): Promise<number> {
  const spec = accountSpec(ref, currency);
  const [r] = await rows<{ balance: string }>(
    db,
    sql`select (credits_posted - debits_posted)::text as balance from ledger_accounts where code = ${spec.code}`,
  );
  const balance = r ? int(r.balance) : 0;
  return debitNormal(spec.kind) ? -balance || 0 : balance;
}

type HoldInput = {
  userId: number;
  currency: Currency;
  amount: number;
  operation: Operation;
  /** the transfer's code; 'hold' / 'release' unless given */
  code?: string;
};

/** Reserves part of a customer's available balance (a resting order, a pending withdrawal): available → held. */
export async function hold(tx: Executor, input: HoldInput): Promise<void> {
  await post(tx, input.operation, [
    {
      debit: { customer: input.userId, bucket: 'available' },
      credit: { customer: input.userId, bucket: 'held' },
      currency: input.currency,
      amount: input.amount,
      code: input.code ?? 'hold',
    },
  ]);
}

/** Gives a reservation back: held → available. */
export async function release(tx: Executor, input: HoldInput): Promise<void> {
  await post(tx, input.operation, [
    {
      debit: { customer: input.userId, bucket: 'held' },
      credit: { customer: input.userId, bucket: 'available' },
      currency: input.currency,
      amount: input.amount,
      code: input.code ?? 'release',
    },
  ]);
}
