import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { integerArray, rows } from '@/db/sql';
import { int } from '@/db/integers';
import { accountSumsBefore } from '@/ledger/index';

type Currency = 'BRL' | 'AG';

/** A transfer that moved the customer's balance (available + held) in or out, signed from their side. */
export type MovementRow = { id: string; at: Date; code: string; signed: number };

/** Who the statement is about: the name and document printed on it, and when the account opened. */
export async function findHolder(db: Executor, userId: number) {
  const [r] = await rows<{
    name: string;
    account_type: 'individual' | 'company';
    cpf: string | null;
    cnpj: string | null;
    razao_social: string | null;
    created_at: string | Date;
  }>(
    db,
    sql`select u.name, u.account_type, u.cpf, c.cnpj, c.razao_social, u.created_at
          from users u left join companies c on c.user_id = u.id
         where u.id = ${userId}`,
  );
  return r ? { ...r, created_at: new Date(r.created_at) } : undefined;
}

/** A customer's two accounts in one currency (ids in ledger_accounts): what they can use and what is held. */
export type AccountPair = { available: number | null; held: number | null };
export type CustomerAccounts = Record<Currency, AccountPair>;

/** The customer's accounts (at most four: available and held, BRL and AG), by the owner's index. */
export async function customerAccounts(db: Executor, userId: number): Promise<CustomerAccounts> {
  const found = await rows<{ id: string; code: string; currency: Currency }>(
    db,
    sql`select id::text, code, currency from ledger_accounts where owner_user_id = ${userId}`,
  );
  const of = (currency: Currency, bucket: 'available' | 'held') => {
    const r = found.find((a) => a.currency === currency && a.code.split(':')[2] === bucket);
    return r ? int(r.id) : null;
  };
  return {
    BRL: { available: of('BRL', 'available'), held: of('BRL', 'held') },
    AG: { available: of('AG', 'available'), held: of('AG', 'held') },
  };
}

const idsOf = (pair: AccountPair) => [pair.available, pair.held].filter((id): id is number => id !== null);

/**
 * When the customer's first transfer was posted, or null: an account's history can begin before its row's
 * created_at (the demo's customers, whose trades are dated back two years), and the selector must reach it. The first
 * entry of each (account, created_at) index.
 */
export async function firstMovementAt(db: Executor, accounts: CustomerAccounts): Promise<Date | null> {
  const ids = [...idsOf(accounts.BRL), ...idsOf(accounts.AG)];
  if (ids.length === 0) return null;
  const [r] = await rows<{ first: string | Date | null }>(
    db,
    sql`select min(least(
               (select min(t.created_at) from ledger_transfers t where t.credit_account_id = a.id),
               (select min(t.created_at) from ledger_transfers t where t.debit_account_id = a.id))) as first
          from unnest(${integerArray(ids)}::bigint[]) a(id)`,
  );
  return r?.first ? new Date(r.first) : null;
}

/**
 * The customer's balances in one currency just before `before`, as the drawer splits them: what they can use
 * (available) and what an open order or a withdrawal in analysis reserves (held). Each is what the transfers into
 * that account add minus what the transfers out take (the ledger's monthly checkpoint plus the transfers since);
 * their total never moves on a hold or a release.
 */
export async function balancesBefore(
  db: Executor,
  pair: AccountPair,
  before: Date,
): Promise<{ available: number; held: number }> {
  const sums = await accountSumsBefore(db, idsOf(pair), before);
  const of = (id: number | null) => {
    const s = id === null ? undefined : sums.get(id);
    return s ? s.credits - s.debits : 0;
  };
  return { available: of(pair.available), held: of(pair.held) };
}

/**
 * The transfers in [from, to) between the customer and anyone else, in posting order, at most `limit`. A transfer
 * between two of the customer's own accounts is left out: it moves nothing in or out. Two steps: the lines are picked
 * from four index ranges (each account's credits and debits in (created_at, id) order, the other account in the
 * index), each stopped at `limit`, merged and cut at `limit`, without reading the table; then only the picked lines
 * are read, each by its index entry. A month of any size reads at most `limit` rows.
 */
export async function movementsBetween(
  db: Executor,
  pair: AccountPair,
  range: { from: Date; to: Date },
  limit: number,
): Promise<MovementRow[]> {
  const ids = idsOf(pair);
  if (ids.length === 0) return [];
  const mine = sql`${integerArray(ids)}::bigint[]`;
  const from = sql`${range.from.toISOString()}::timestamptz`;
  const to = sql`${range.to.toISOString()}::timestamptz`;
  const side = (id: number, credit: boolean) =>
    credit
      ? sql`(select true as credit, t.credit_account_id as account, t.created_at, t.id from ledger_transfers t
              where t.credit_account_id = ${id} and t.created_at >= ${from} and t.created_at < ${to}
                and t.debit_account_id <> all(${mine})
              order by t.created_at, t.id limit ${limit})`
      : sql`(select false, t.debit_account_id, t.created_at, t.id from ledger_transfers t
              where t.debit_account_id = ${id} and t.created_at >= ${from} and t.created_at < ${to}
                and t.credit_account_id <> all(${mine})
              order by t.created_at, t.id limit ${limit})`;
  const parts = ids.flatMap((id) => [side(id, true), side(id, false)]);
  const found = await rows<{ transfer_id: string; created_at: string | Date; code: string; signed: string }>(
    db,
    sql`with picked as (
          select * from (${sql.join(parts, sql` union all `)}) m order by m.created_at, m.id limit ${limit}
        )
        select t.transfer_id, p.created_at, t.code, (case when p.credit then t.amount else -t.amount end)::text as signed
          from picked p
          cross join lateral (
            select x.transfer_id, x.code, x.amount from ledger_transfers x
             where p.credit and x.credit_account_id = p.account and x.created_at = p.created_at and x.id = p.id
            union all
            select x.transfer_id, x.code, x.amount from ledger_transfers x
             where not p.credit and x.debit_account_id = p.account and x.created_at = p.created_at and x.id = p.id
          ) t
         order by p.created_at, p.id`,
  );
  return found.map((r) => ({ id: r.transfer_id, at: new Date(r.created_at), code: r.code, signed: int(r.signed) }));
}
