import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { int, rows } from '@/db/sql';

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

/** A customer's silver at the instant, as streamed by streamSilverOwedAsOf. */
export type CustomerOwed = { userId: number; availableCg: number; heldCg: number };

/** Rows per FETCH of the stream's cursor: the most customers in memory at once. */
const OWED_BATCH = 10_000;

/**
 * The silver the ledger owed to each customer just before `endsAt`, handed to `onBatch` in batches of customers by
 * user id ascending, and what it owed to unclaimed transfers: each account's balance now (row + deltas, as the ledger_balances view) less the
 * transfers posted at or after the instant (created_at is the posting transaction's start), never the history before
 * it; an account counts when it was opened before the instant or moved before it (a history dated back). One cursor,
 * so one snapshot of the database, in the caller's transaction; memory is one batch. The proof of reserves builds each
 * day's tree from it, so the same day gives the same balances whenever it is built (the transfers are immutable and
 * the reconciliation proves every balance is the sum of its transfers). Run once a day or by an operator.
 */
export async function streamSilverOwedAsOf(
  tx: Executor,
  endsAt: Date,
  onBatch: (customers: CustomerOwed[]) => Promise<void> | void,
): Promise<{ unclaimedCg: number }> {
  const at = endsAt.toISOString();
  const cursor = `silver_owed_${process.pid}_${Date.now()}`;
  await tx.execute(
    sql`declare ${sql.identifier(cursor)} no scroll cursor for
        with after as (
          select id, sum(d) as d, sum(c) as c from (
            select debit_account_id as id, amount as d, 0::bigint as c from ledger_transfers
             where currency = 'AG' and created_at >= ${at}::timestamptz
            union all
            select credit_account_id, 0::bigint, amount from ledger_transfers
             where currency = 'AG' and created_at >= ${at}::timestamptz) m
          group by id
        ), owed as (
          select a.owner_user_id, a.code,
                 a.credits_posted + coalesce(dl.c, 0) - coalesce(s.c, 0)
                   - (a.debits_posted + coalesce(dl.d, 0) - coalesce(s.d, 0)) as cg
            from ledger_accounts a
            left join (select account_id, sum(debits) as d, sum(credits) as c from ledger_balance_deltas
                        group by account_id) dl on dl.account_id = a.id
            left join after s on s.id = a.id
           where a.currency = 'AG' and (a.code like 'customer:%' or a.code = 'transfer:unclaimed')
             and (a.created_at < ${at}::timestamptz or a.debits_posted + coalesce(dl.d, 0) > coalesce(s.d, 0)
                  or a.credits_posted + coalesce(dl.c, 0) > coalesce(s.c, 0))
        )
        select null::text as user_id, '0' as available, '0' as held,
               coalesce((select sum(cg) from owed where code = 'transfer:unclaimed'), 0)::text as unclaimed
        union all
        (select owner_user_id::text,
                coalesce(sum(cg) filter (where code like 'customer:%:available:AG'), 0)::text,
                coalesce(sum(cg) filter (where code like 'customer:%:held:AG'), 0)::text, null
           from owed where owner_user_id is not null group by owner_user_id order by owner_user_id)`,
  );
  let unclaimedCg = 0;
  for (;;) {
    const batch = await rows<{ user_id: string | null; available: string; held: string; unclaimed: string | null }>(
      tx,
      sql`fetch ${sql.raw(String(OWED_BATCH))} from ${sql.identifier(cursor)}`,
    );
    const customers: CustomerOwed[] = [];
    for (const r of batch) {
      if (r.user_id === null) unclaimedCg = int(r.unclaimed ?? 0);
      else customers.push({ userId: int(r.user_id), availableCg: int(r.available), heldCg: int(r.held) });
    }
    if (customers.length > 0) await onBatch(customers);
    if (batch.length < OWED_BATCH) break;
  }
  await tx.execute(sql`close ${sql.identifier(cursor)}`);
  return { unclaimedCg };
}

type Bucket = 'available' | 'held' | 'unclaimed';

/**
 * The silver owed at each of several instants (ascending), from one read of the AG transfers before the last: each
 * transfer falls in the first instant it counts for (width_bucket), and the snapshots add them up in order. For a
 * history built at once (the demo's days); yields the same figures as streamSilverOwedAsOf at each instant.
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
