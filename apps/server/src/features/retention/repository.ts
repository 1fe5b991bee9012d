import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';

/** A run that has not finished this long after it started died with its instance (a run is bounded far below it). */
const RUN_STALE_MINUTES = 15;

export type RuleRow = {
  key: string;
  title: string;
  erases: string;
  legal_basis: string;
  years: number;
  months: number;
  days: number;
  seconds: number;
  period_seconds: number;
  every_seconds: number;
  batch_size: number;
  enabled: boolean;
  next_run_at: Date;
};

export type RunRow = {
  id: number;
  rule_key: string;
  rule_title: string;
  trigger: 'schedule' | 'operator';
  requested_by: string | null;
  cutoff: Date;
  started_at: Date;
  finished_at: Date | null;
  erased: number;
  batches: number;
  more_left: boolean;
  error: string | null;
};

const RULE_COLUMNS = sql`r.key, r.title, r.erases, r.legal_basis,
  extract(year from r.period)::int as years, extract(month from r.period)::int as months,
  extract(day from r.period)::int as days,
  (extract(hour from r.period) * 3600 + extract(minute from r.period) * 60 + extract(second from r.period))::int as seconds,
  extract(epoch from r.period)::bigint::float8 as period_seconds,
  extract(epoch from r.run_every)::bigint::float8 as every_seconds,
  r.batch_size, r.enabled, r.next_run_at`;

const RUN_COLUMNS = sql`x.id::int, x.rule_key, r.title as rule_title, x.trigger, u.name as requested_by, x.cutoff,
  x.started_at, x.finished_at, x.erased, x.batches, x.more_left, x.error`;

export const listRules = (ex: Executor) =>
  rows<RuleRow>(ex, sql`select ${RULE_COLUMNS} from retention_rules r order by r.position, r.key`);

export async function findRule(ex: Executor, key: string): Promise<RuleRow | null> {
  const [row] = await rows<RuleRow>(ex, sql`select ${RULE_COLUMNS} from retention_rules r where r.key = ${key}`);
  return row ?? null;
}

/** The keys of the enabled rules due now, in their order. */
export const dueRuleKeys = async (ex: Executor) =>
  (
    await rows<{ key: string }>(
      ex,
      sql`select key from retention_rules where enabled and next_run_at <= now() order by position, key`,
    )
  ).map((r) => r.key);

/** Ends the rule's run that died with its instance, so the rule can run again. */
export const closeStaleRun = (ex: Executor, key: string, error: string) =>
  ex.execute(
    sql`update retention_runs set finished_at = now(), error = ${error}
         where rule_key = ${key} and finished_at is null
           and started_at < now() - make_interval(mins => ${RUN_STALE_MINUTES})`,
  );

export type Claimed = { id: number; cutoff: Date; batch_size: number };
type ClaimedRow = { id: number; cutoff_ms: number; batch_size: number };
const claimed = (row: ClaimedRow | undefined): Claimed | null =>
  row ? { id: row.id, cutoff: new Date(row.cutoff_ms), batch_size: row.batch_size } : null;

/**
 * The job's claim: moves the rule's next run one `run_every` ahead only if it was due (the statement that does it
 * first wins; any other instance, re-reading the row after it, finds it not due), and opens its run, unless one is
 * open (an operator's): then nothing runs now.
 */
export async function claimScheduled(ex: Executor, key: string, now: Date): Promise<Claimed | null> {
  const [row] = await rows<ClaimedRow>(
    ex,
    sql`with due as (
          update retention_rules set next_run_at = now() + run_every, updated_at = now()
           where key = ${key} and enabled and next_run_at <= now()
          returning key, ${now}::timestamptz - period as cutoff, batch_size)
        insert into retention_runs (rule_key, trigger, cutoff)
        select key, 'schedule', cutoff from due
        on conflict (rule_key) where finished_at is null do nothing
        returning id::int, (extract(epoch from cutoff) * 1000)::float8 as cutoff_ms, (select batch_size from due)`,
  );
  return claimed(row);
}

/** An operator's run: opened whether or not the rule is due; null when one of the rule is already running. */
export async function claimByOperator(
  ex: Executor,
  key: string,
  operatorId: number,
  now: Date,
): Promise<Claimed | null> {
  const [row] = await rows<ClaimedRow>(
    ex,
    sql`insert into retention_runs (rule_key, trigger, requested_by, cutoff)
        select key, 'operator', ${operatorId}, ${now}::timestamptz - period from retention_rules where key = ${key}
        on conflict (rule_key) where finished_at is null do nothing
        returning id::int, (extract(epoch from cutoff) * 1000)::float8 as cutoff_ms,
                  (select batch_size from retention_rules where key = ${key})`,
  );
  return claimed(row);
}

export const finishRun = (
  ex: Executor,
  id: number,
  result: { erased: number; batches: number; moreLeft: boolean; error: string | null },
) =>
  ex.execute(
    sql`update retention_runs set finished_at = now(), erased = ${result.erased}, batches = ${result.batches},
               more_left = ${result.moreLeft}, error = ${result.error}
         where id = ${id}`,
  );

/** A rule that stopped at its bound with rows left is due again at once. */
export const dueNow = (ex: Executor, key: string) =>
  ex.execute(sql`update retention_rules set next_run_at = now() where key = ${key}`);

export async function findRun(ex: Executor, id: number): Promise<RunRow | null> {
  const [row] = await rows<RunRow>(
    ex,
    sql`select ${RUN_COLUMNS} from retention_runs x join retention_rules r on r.key = x.rule_key
          left join users u on u.id = x.requested_by where x.id = ${id}`,
  );
  return row ?? null;
}

/** Each rule's latest run (through retention_runs_rule_idx: one row per rule). */
export const lastRuns = (ex: Executor) =>
  rows<RunRow>(
    ex,
    sql`select ${RUN_COLUMNS} from retention_rules r
          cross join lateral (select * from retention_runs y where y.rule_key = r.key order by y.id desc limit 1) x
          left join users u on u.id = x.requested_by`,
  );

/** Runs newest first, `limit` of them before the run `before` (keyset on the primary key). */
export const runsPage = (ex: Executor, before: number | null, limit: number) =>
  rows<RunRow>(
    ex,
    sql`select ${RUN_COLUMNS} from retention_runs x join retention_rules r on r.key = x.rule_key
          left join users u on u.id = x.requested_by
         where ${before === null ? sql`true` : sql`x.id < ${before}`}
         order by x.id desc limit ${limit}`,
  );

/** The chat rule's period is CHAT_RETENTION_SECONDS (boot.ts writes it, as the money-in settings are written). */
export const writeChatPeriod = (ex: Executor, seconds: number) =>
  ex.execute(
    sql`update retention_rules set period = make_interval(secs => ${seconds}), updated_at = now()
         where key = 'chat_conversations' and period <> make_interval(secs => ${seconds})`,
  );

/** A rule's period in whole days (null when the rule is unknown or disabled: nothing is erased by it). */
export async function keptDays(ex: Executor, key: string): Promise<number | null> {
  const [row] = await rows<{ days: number }>(
    ex,
    sql`select floor(extract(epoch from period) / 86400)::int as days from retention_rules where key = ${key} and enabled`,
  );
  return row?.days ?? null;
}
