import { type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { int, rows } from '@/db/sql';
import { type AccountRef, accountSpec, type Currency, customerCode, debitNormal } from './accounts';

export type Balances = {
  BRL: { available: number; held: number };
  AG: { available: number; held: number };
};

/**
 * The balance formula, the one copy in TypeScript (SQL's is ledger_account_balance, db/functions/ledger_balance.sql):
 * the balance of the account `a` of ledger_accounts, credits − debits, row plus the deltas not folded yet.
 */
export const NET_CREDITS = `(a.credits_posted - a.debits_posted
  + coalesce((select sum(d.credits - d.debits) from ledger_balance_deltas d where d.account_id = a.id), 0))`;

/** credits − debits of each account, row plus deltas (what has been posted and not folded yet). */
const BALANCES = (codes: string[]) =>
  sql`select a.code, ${sql.raw(NET_CREDITS)}::text as balance
        from ledger_accounts a where a.code = any(${sql.param(codes)}::text[])`;

/**
 * For other modules' one-statement reads (GET /api/user): a scalar subquery answering {code: balance as text} for the
 * accounts named by `codes` (a text[] expression), credits − debits, row plus deltas.
 */
export const balancesJson = (codes: SQL) =>
  sql`(select json_object_agg(a.code, ${sql.raw(NET_CREDITS)}::text)
         from ledger_accounts a where a.code = any(${codes}::text[]))`;

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
  for (const r of await rows<{ code: string; balance: string }>(db, BALANCES([...codes.keys()]))) {
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
  const [r] = await rows<{ balance: string }>(db, BALANCES([spec.code]));
  const balance = r ? int(r.balance) : 0;
  return debitNormal(spec.kind) ? -balance || 0 : balance;
}
