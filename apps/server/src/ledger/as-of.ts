import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { int, rows } from '../db/sql';

/** Silver owed at an instant, read from the transfers alone (they are immutable: the answer never changes later). */
export type SilverOwedAsOf = {
  /**
   * each customer whose AG account was opened, or moved, before the instant: available and held (reserved by an open
   * sell order or a withdrawal of bars), by user id ascending
   */
  customers: Array<{ userId: number; availableCg: number; heldCg: number }>;
  /** transfer:unclaimed: silver sent to e-mails with no account yet */
  unclaimedCg: number;
};

/**
 * The silver the ledger owed to each customer, and to unclaimed transfers, just before `endsAt`: the sums of the
 * transfers posted before it (created_at is the posting transaction's start), per account, in one set-based
 * statement (never a customer at a time). The proof of reserves builds each day's tree from it, so the same day gives
 * the same balances whenever it is rebuilt. An account counts from its first transfer even when its row is younger
 * (a history dated back). A read of the AG transfers before the instant: run once a day or by an operator, never on a
 * request path.
 */
export async function silverOwedAsOf(db: Executor, endsAt: Date): Promise<SilverOwedAsOf> {
  const at = endsAt.toISOString();
  const list = await rows<{ user_id: string; available: string; held: string }>(
    db,
    sql`with moves as (
          select credit_account_id as id, amount from ledger_transfers where currency = 'AG' and created_at < ${at}::timestamptz
          union all
          select debit_account_id, -amount from ledger_transfers where currency = 'AG' and created_at < ${at}::timestamptz
        ), sums as (
          select id, sum(amount) as cg from moves group by id
        )
        select a.owner_user_id::text as user_id,
               coalesce(sum(s.cg) filter (where a.code like 'customer:%:available:AG'), 0)::text as available,
               coalesce(sum(s.cg) filter (where a.code like 'customer:%:held:AG'), 0)::text as held
          from ledger_accounts a left join sums s on s.id = a.id
         where a.currency = 'AG' and a.owner_user_id is not null and a.code like 'customer:%'
           and (a.created_at < ${at}::timestamptz or s.id is not null)
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
    customers: list.map((r) => ({ userId: int(r.user_id), availableCg: int(r.available), heldCg: int(r.held) })),
    unclaimedCg: int(unclaimed?.cg ?? 0),
  };
}

type Bucket = 'available' | 'held' | 'unclaimed';

/**
 * The silver owed at each of several instants (ascending), from one read of the AG transfers before the last: each
 * transfer falls in the first instant it counts for (width_bucket), and the snapshots add them up in order. For a
 * history built at once (the demo's days); yields the same figures as silverOwedAsOf at each instant.
 */
export async function silverOwedAtInstants(db: Executor, instants: readonly Date[]): Promise<SilverOwedAsOf[]> {
  if (instants.length === 0) return [];
  const ends = instants.map((d) => d.toISOString());
  const last = ends[ends.length - 1]!;
  const list = await rows<{
    user_id: string | null;
    bucket: Bucket;
    opened: number;
    k: number | null;
    cg: string | null;
  }>(
    db,
    sql`with ends as (select ${sql.param(ends)}::timestamptz[] as e),
        moves as (
          select credit_account_id as id, created_at, amount from ledger_transfers
           where currency = 'AG' and created_at < ${last}::timestamptz
          union all
          select debit_account_id, created_at, -amount from ledger_transfers
           where currency = 'AG' and created_at < ${last}::timestamptz
        ), per as (
          select m.id, width_bucket(m.created_at, (select e from ends)) as k, sum(m.amount) as cg from moves m group by 1, 2
        )
        select a.owner_user_id::text as user_id,
               case when a.code = 'transfer:unclaimed' then 'unclaimed'
                    when a.code like 'customer:%:held:AG' then 'held' else 'available' end as bucket,
               width_bucket(a.created_at, (select e from ends)) as opened, p.k, p.cg::text as cg
          from ledger_accounts a left join per p on p.id = a.id
         where a.currency = 'AG' and (a.code like 'customer:%' or a.code = 'transfer:unclaimed')
           and (a.created_at < ${last}::timestamptz or p.id is not null)`,
  );
  return snapshots(list, instants.length);
}

/** Walks the instants in order, adding each one's moves: the owed at every instant. */
function snapshots(
  list: Array<{ user_id: string | null; bucket: Bucket; opened: number; k: number | null; cg: string | null }>,
  count: number,
): SilverOwedAsOf[] {
  const joins = new Map<number, number>();
  const moves: Array<Array<{ userId: number | null; bucket: Bucket; cg: number }>> = Array.from(
    { length: count },
    () => [],
  );
  for (const r of list) {
    const userId = r.user_id === null ? null : int(r.user_id);
    const from = Math.min(r.opened, r.k ?? r.opened);
    if (userId !== null) joins.set(userId, Math.min(joins.get(userId) ?? from, from));
    if (r.k !== null && r.cg !== null) moves[r.k]!.push({ userId, bucket: r.bucket, cg: int(r.cg) });
  }
  const balances = new Map<number, { availableCg: number; heldCg: number }>();
  let unclaimedCg = 0;
  const out: SilverOwedAsOf[] = [];
  for (let i = 0; i < count; i++) {
    for (const m of moves[i]!) {
      if (m.userId === null) {
        unclaimedCg += m.cg;
        continue;
      }
      const b = balances.get(m.userId) ?? { availableCg: 0, heldCg: 0 };
      if (m.bucket === 'held') b.heldCg += m.cg;
      else b.availableCg += m.cg;
      balances.set(m.userId, b);
    }
    const customers = [...joins.entries()]
      .filter(([, from]) => from <= i)
      .map(([userId]) => ({ userId, ...(balances.get(userId) ?? { availableCg: 0, heldCg: 0 }) }))
      .sort((a, b) => a.userId - b.userId);
    out.push({ customers, unclaimedCg });
  }
  return out;
}
