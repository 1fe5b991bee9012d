import { statementMonthOf, statementMonthRange } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '@/db/client';
import { int, integerArray, rows } from '@/db/sql';
import { withTransaction } from '@/db/tx';
import { loggedAs } from '@/lib/log-failure';
import { every } from '@/lib/per-turn';

/**
 * A month is checkpointed only once it ended this long ago: a transfer's time is its transaction's start, so a
 * transaction begun at 23:59:59 of the month's last day may commit a moment after midnight (as the proof of reserves'
 * DAY_GRACE_MS).
 */
export const CHECKPOINT_GRACE_MS = 5 * 60_000;
/** The most months one run builds, oldest first (a fresh database's history, or after downtime): each is one pass. */
const CHECKPOINT_MONTHS_PER_RUN = 24;

/** An account's sums of debits and credits over every transfer before an instant (minor units). */
export type AccountSums = { debits: number; credits: number };

/**
 * Each account's sums over its transfers before `before`: its latest monthly checkpoint at or before that instant plus
 * the transfers between the two (an index range of (account, created_at)), so the history before the checkpoint is not
 * read. Exact whether or not the job ran: with no checkpoint the range starts at the beginning. Accounts that never
 * moved answer zeros.
 */
export async function accountSumsBefore(
  db: Executor,
  accountIds: readonly number[],
  before: Date,
): Promise<Map<number, AccountSums>> {
  const out = new Map<number, AccountSums>(accountIds.map((id) => [id, { debits: 0, credits: 0 }]));
  if (accountIds.length === 0) return out;
  const at = before.toISOString();
  const found = await rows<{ id: string; debits: string; credits: string }>(
    db,
    sql`select a.id::text,
               (coalesce(c.debits, 0) + coalesce((select sum(t.amount) from ledger_transfers t
                 where t.debit_account_id = a.id and t.created_at >= coalesce(c.ends_at, '-infinity')
                   and t.created_at < ${at}::timestamptz), 0))::text as debits,
               (coalesce(c.credits, 0) + coalesce((select sum(t.amount) from ledger_transfers t
                 where t.credit_account_id = a.id and t.created_at >= coalesce(c.ends_at, '-infinity')
                   and t.created_at < ${at}::timestamptz), 0))::text as credits
          from unnest(${integerArray(accountIds)}::bigint[]) a(id)
          left join lateral (select m.ends_at, m.debits, m.credits from ledger_account_months m
                              where m.account_id = a.id and m.ends_at <= ${at}::timestamptz
                              order by m.ends_at desc limit 1) c on true`,
  );
  for (const r of found) out.set(int(r.id), { debits: int(r.debits), credits: int(r.credits) });
  return out;
}

/** The end (exclusive) of the last month closed for longer than the grace, as of `now`. */
function lastCheckpointableEnd(now: Date): Date {
  return statementMonthRange(statementMonthOf(new Date(now.getTime() - CHECKPOINT_GRACE_MS))).from;
}

const monthEndAfter = (at: Date) => statementMonthRange(statementMonthOf(at)).to;

/**
 * Builds one month's checkpoints in the caller's transaction: claims the month (its row in ledger_checkpoint_months;
 * another instance's claim makes this one wait, then do nothing), then, for each account that moved in [previous,
 * end), its sums up to `end` = its latest checkpoint + the month's transfers, one set-based statement over the
 * month's transfers (the BRIN index on created_at). Months are built in order without gaps, so an account's latest
 * checkpoint covers everything before `previous`. Answers the accounts written, or null when the month was claimed.
 */
async function buildMonth(tx: Executor, previous: Date | null, end: Date): Promise<number | null> {
  const claimed = await rows<{ ends_at: string }>(
    tx,
    sql`insert into ledger_checkpoint_months (ends_at) values (${end.toISOString()}::timestamptz)
        on conflict (ends_at) do nothing returning ends_at::text`,
  );
  if (claimed.length === 0) return null;
  const from = previous ? sql`${previous.toISOString()}::timestamptz` : sql`'-infinity'::timestamptz`;
  const to = sql`${end.toISOString()}::timestamptz`;
  const written = await rows<{ n: string }>(
    tx,
    sql`with moved as (
          select account_id, sum(d) as debits, sum(c) as credits
            from (select debit_account_id as account_id, amount as d, 0::bigint as c from ledger_transfers
                   where created_at >= ${from} and created_at < ${to}
                  union all
                  select credit_account_id, 0::bigint, amount from ledger_transfers
                   where created_at >= ${from} and created_at < ${to}) x
           group by account_id
        ), written as (
          insert into ledger_account_months (account_id, ends_at, debits, credits)
          select m.account_id, ${to}, coalesce(p.debits, 0) + m.debits, coalesce(p.credits, 0) + m.credits
            from moved m
            left join lateral (select debits, credits from ledger_account_months c
                                where c.account_id = m.account_id and c.ends_at <= ${from}
                                order by c.ends_at desc limit 1) p on true
          returning 1)
        select count(*)::text as n from written`,
  );
  const accounts = int(written[0]?.n ?? 0);
  await tx.execute(sql`update ledger_checkpoint_months set accounts = ${accounts}, built_at = now()
                        where ends_at = ${to}`);
  return accounts;
}

/**
 * One run of the monthly checkpoint job: every closed month after the latest built (at most CHECKPOINT_MONTHS_PER_RUN,
 * oldest first; on a fresh database from the month of the first transfer), each in its own transaction. Safe with any
 * number of instances: a month is claimed by its row. Answers the months' ends this run built.
 */
export async function buildAccountMonths(db: Db, now: Date = new Date()): Promise<Date[]> {
  const last = lastCheckpointableEnd(now);
  const [latest] = await rows<{ ends_at: string | Date | null }>(
    db,
    sql`select max(ends_at) as ends_at from ledger_checkpoint_months`,
  );
  let previous = latest?.ends_at ? new Date(latest.ends_at) : null;
  let end: Date;
  if (previous) end = monthEndAfter(previous);
  else {
    // a fresh database: one read of the oldest transfer, once (later runs start from the latest month built)
    const [first] = await rows<{ at: string | Date | null }>(
      db,
      sql`select min(created_at) as at from ledger_transfers`,
    );
    if (!first?.at) return [];
    end = monthEndAfter(new Date(first.at));
  }
  const built: Date[] = [];
  while (end <= last && built.length < CHECKPOINT_MONTHS_PER_RUN) {
    const upTo = end;
    const from = previous;
    const accounts = await withTransaction(db, (tx) => buildMonth(tx, from, upTo));
    if (accounts === null) return built; // another instance is on it
    built.push(upTo);
    previous = upTo;
    end = monthEndAfter(upTo);
  }
  return built;
}

/**
 * The monthly checkpoint job (boot.ts starts it on every instance): runs once at once, then every `everyMs`; a run
 * that finds every closed month built reads one row and stops.
 */
export function startAccountMonthsJob(db: Db, everyMs = 3_600_000): () => void {
  const run = () => buildAccountMonths(db);
  run().catch(loggedAs('ledger: monthly checkpoints: run failed'));
  return every(everyMs, run, 'ledger: monthly checkpoints');
}
