import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { int, rows } from '../../db/sql';

export type Currency = 'BRL' | 'AG';

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

/**
 * When the customer's first transfer was posted, or null: an account's history can begin before its row's
 * created_at (the demo's customers, whose trades are dated back two years), and the selector must reach it.
 */
export async function firstMovementAt(db: Executor, userId: number): Promise<Date | null> {
  const [r] = await rows<{ first: string | Date | null }>(
    db,
    sql`with mine as (select id from ledger_accounts where owner_user_id = ${userId})
        select least((select min(t.created_at) from ledger_transfers t where t.credit_account_id in (select id from mine)),
                     (select min(t.created_at) from ledger_transfers t where t.debit_account_id in (select id from mine)))
               as first`,
  );
  return r?.first ? new Date(r.first) : null;
}

/**
 * The customer's balances in one currency just before `before`, as the drawer splits them: what they can use
 * (available) and what an open order or a withdrawal in analysis reserves (held). Each is what the transfers into
 * that account add minus what the transfers out take; their total never moves on a hold or a release.
 */
export async function balancesBefore(
  db: Executor,
  userId: number,
  currency: Currency,
  before: Date,
): Promise<{ available: number; held: number }> {
  const at = before.toISOString();
  const found = await rows<{ bucket: string; balance: string }>(
    db,
    sql`select split_part(a.code, ':', 3) as bucket,
               (coalesce((select sum(t.amount) from ledger_transfers t
                           where t.credit_account_id = a.id and t.created_at < ${at}::timestamptz), 0)
              - coalesce((select sum(t.amount) from ledger_transfers t
                           where t.debit_account_id = a.id and t.created_at < ${at}::timestamptz), 0)
               )::bigint::text as balance
          from ledger_accounts a
         where a.owner_user_id = ${userId} and a.currency = ${currency}`,
  );
  const of = (bucket: string) => int(found.find((r) => r.bucket === bucket)?.balance ?? 0);
  return { available: of('available'), held: of('held') };
}

/**
 * The transfers in [from, to) between the customer and anyone else, in posting order, at most `limit`. A transfer
 * between two of the customer's own accounts is left out: it moves nothing in or out.
 */
export async function movementsBetween(
  db: Executor,
  userId: number,
  currency: Currency,
  range: { from: Date; to: Date },
  limit: number,
): Promise<MovementRow[]> {
  const found = await rows<{ transfer_id: string; created_at: string | Date; code: string; signed: string }>(
    db,
    sql`with mine as (select id from ledger_accounts where owner_user_id = ${userId} and currency = ${currency}),
             touching as (
               select t.id from ledger_transfers t
                where t.credit_account_id in (select id from mine)
                  and t.created_at >= ${range.from.toISOString()}::timestamptz
                  and t.created_at < ${range.to.toISOString()}::timestamptz
               union
               select t.id from ledger_transfers t
                where t.debit_account_id in (select id from mine)
                  and t.created_at >= ${range.from.toISOString()}::timestamptz
                  and t.created_at < ${range.to.toISOString()}::timestamptz)
        select t.transfer_id, t.created_at, t.code,
               (case when t.credit_account_id in (select id from mine) then t.amount else -t.amount end)::text as signed
          from ledger_transfers t
         where t.id in (select id from touching)
           and (t.credit_account_id in (select id from mine)) <> (t.debit_account_id in (select id from mine))
         order by t.created_at, t.id
         limit ${limit}`,
  );
  return found.map((r) => ({ id: r.transfer_id, at: new Date(r.created_at), code: r.code, signed: int(r.signed) }));
}
