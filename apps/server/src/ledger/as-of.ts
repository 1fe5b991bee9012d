import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { int, rows } from '../db/sql';

/** Silver owed at an instant, read from the transfers alone (they are immutable: the answer never changes later). */
export type SilverOwedAsOf = {
  /** each customer with an AG account opened before the instant: available + held, by user id ascending */
  customers: Array<{ userId: number; centigrams: number }>;
  /** transfer:unclaimed: silver sent to e-mails with no account yet */
  unclaimedCg: number;
};

/**
 * The silver the ledger owed to each customer, and to unclaimed transfers, just before `endsAt`: the sums of the
 * transfers posted before it (created_at is the posting transaction's start). The proof of reserves builds each
 * day's tree from it, so the same day gives the same balances whenever it is rebuilt. A full read of the AG
 * transfers: run once a day or by an operator, never on a request path.
 */
export async function silverOwedAsOf(db: Executor, endsAt: Date): Promise<SilverOwedAsOf> {
  const at = endsAt.toISOString();
  const list = await rows<{ user_id: string; cg: string }>(
    db,
    sql`with accounts as (
          select id, owner_user_id from ledger_accounts
           where currency = 'AG' and owner_user_id is not null and code like 'customer:%' and created_at < ${at}::timestamptz
        ), moves as (
          select credit_account_id as id, amount from ledger_transfers where currency = 'AG' and created_at < ${at}::timestamptz
          union all
          select debit_account_id, -amount from ledger_transfers where currency = 'AG' and created_at < ${at}::timestamptz
        )
        select a.owner_user_id::text as user_id, coalesce(sum(m.amount), 0)::text as cg
          from accounts a left join moves m on m.id = a.id
         group by a.owner_user_id order by a.owner_user_id`,
  );
  const [unclaimed] = await rows<{ cg: string }>(
    db,
    sql`select (coalesce(sum(t.amount) filter (where t.credit_account_id = a.id), 0)
              - coalesce(sum(t.amount) filter (where t.debit_account_id = a.id), 0))::text as cg
          from ledger_accounts a
          left join ledger_transfers t on (t.credit_account_id = a.id or t.debit_account_id = a.id)
                                      and t.created_at < ${at}::timestamptz
         where a.code = 'transfer:unclaimed'`,
  );
  return {
    customers: list.map((r) => ({ userId: int(r.user_id), centigrams: int(r.cg) })),
    unclaimedCg: int(unclaimed?.cg ?? 0),
  };
}
