import type { RetentionRule, RetentionRun } from '@prata/domain';
import { MESSAGES, RETENTION_RUNS_PAGE } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Db } from '@/db/client';
import { withTransaction } from '@/db/tx';
import { writeAudit } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { loggedAs } from '@/lib/log-failure';
import { every } from '@/lib/per-turn';
import { type Step, erasersOf } from './erasers-repository';
import * as repo from './repository';

/** A run's bounds: at most this many batches and this long, then it stops and the rule is due again at once. */
const RUN_BATCHES_MAX = 200;
const RUN_MILLISECONDS_MAX = 60_000;

export type RunOptions = {
  now?: Date;
  /** tests: other bounds, or other steps for a rule */
  maxBatches?: number;
  steps?: Record<string, readonly Step[]>;
};

type Outcome = { erased: number; batches: number; moreLeft: boolean; error: string | null };

/** The first line of an error, for the run's report (never a stack). */
function errorText(err: unknown): string {
  // the driver's error under drizzle's "Failed query" wrapper says what went wrong
  let e = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  return (e instanceof Error ? e.message : String(e)).split('\n')[0]!.slice(0, 500) || 'erro desconhecido';
}

/**
 * Applies one claimed run: each step of the rule in batches of `batchSize`, each batch its own transaction, until a
 * step finds less than a batch or the run reaches its bounds; the files of erased rows are deleted after their
 * batch commits (a file left behind is logged, never a row pointing to a missing file). A failure ends the run with
 * its error and what it had erased.
 */
async function apply(deps: AppDeps, key: string, claimed: repo.Claimed, opts: RunOptions): Promise<Outcome> {
  const steps = (opts.steps ?? erasersOf(deps))[key];
  const maxBatches = opts.maxBatches ?? RUN_BATCHES_MAX;
  const until = Date.now() + RUN_MILLISECONDS_MAX;
  const outcome: Outcome = { erased: 0, batches: 0, moreLeft: false, error: null };
  try {
    if (!steps) throw new Error(`a regra ${key} não tem o que aplicar neste servidor`);
    for (const step of steps) {
      for (;;) {
        if (outcome.batches >= maxBatches || Date.now() > until) {
          outcome.moreLeft = true;
          return outcome;
        }
        const batch = await withTransaction(deps.database.db, (tx) => step(tx, claimed.cutoff, claimed.batch_size));
        outcome.batches++;
        outcome.erased += batch.count;
        for (const file of batch.files)
          await deps.adapters.storage.delete(file).catch(loggedAs(`retention: file ${file} left behind`, 'warn'));
        if (!batch.more) break;
      }
    }
  } catch (err) {
    outcome.error = errorText(err);
  }
  return outcome;
}

async function finish(db: Db, key: string, runId: number, outcome: Outcome) {
  await repo.finishRun(db, runId, outcome);
  if (outcome.moreLeft) await repo.dueNow(db, key);
}

/**
 * One pass of the job (every instance runs it; docs/privacy-retention.md): each enabled rule that is due is claimed
 * (one instance wins it) and applied; a rule that fails records its error and the next rule still runs. Answers the
 * runs this pass made.
 */
export async function runDueRules(deps: AppDeps, opts: RunOptions = {}): Promise<number[]> {
  const db = deps.database.db;
  const made: number[] = [];
  for (const key of await repo.dueRuleKeys(db)) {
    try {
      await repo.closeStaleRun(db, key, MESSAGES.retentionRunInterrupted);
      const claimed = await repo.claimScheduled(db, key, opts.now ?? new Date());
      if (!claimed) continue;
      made.push(claimed.id);
      await finish(db, key, claimed.id, await apply(deps, key, claimed, opts));
    } catch (err) {
      loggedAs(`retention: rule ${key}`)(err);
    }
  }
  return made;
}

/** The job: a pass at once, then every `everyMs` (boot.ts starts it on every instance; each rule runs once). */
export function startRetentionJob(deps: AppDeps, everyMs = 300_000): () => void {
  const run = () => runDueRules(deps);
  run().catch(loggedAs('retention: run failed'));
  return every(everyMs, run, 'retention');
}

/** CHAT_RETENTION_SECONDS is the chat rule's period: written into its row at start (boot.ts). */
export async function writeRetentionSettings(db: Db, config: { windows: { chatRetentionSeconds: number } }) {
  await repo.writeChatPeriod(db, config.windows.chatRetentionSeconds);
}

/**
 * "Executar agora": the operator's run of one rule, applied at once within the same bounds (an enabled rule only;
 * one run of a rule at a time: 409 while another runs). Audited. Answers the run.
 */
export async function runRuleNow(
  deps: AppDeps,
  actor: { userId: number; ip: string },
  key: string,
  opts: RunOptions = {},
) {
  const db = deps.database.db;
  const rule = await repo.findRule(db, key);
  if (!rule) throw notFound(MESSAGES.retentionRuleNotFound);
  if (!rule.enabled) throw new AppError('RETENTION_RULE_DISABLED', MESSAGES.retentionRuleDisabled);
  await repo.closeStaleRun(db, key, MESSAGES.retentionRunInterrupted);
  const claimed = await withTransaction(db, async (tx) => {
    const run = await repo.claimByOperator(tx, key, actor.userId, opts.now ?? new Date());
    if (run)
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: 'retention.run',
        targetType: 'retention_rule',
        targetId: key,
        details: { run_id: run.id },
        ip: actor.ip,
      });
    return run;
  });
  if (!claimed) throw new AppError('RETENTION_RUN_IN_PROGRESS', MESSAGES.retentionRunInProgress);
  await finish(db, key, claimed.id, await apply(deps, key, claimed, opts));
  const run = presentRun((await repo.findRun(db, claimed.id))!);
  const message = run.error
    ? MESSAGES.retentionRunFailed(run.rule_title)
    : MESSAGES.retentionRunDone(run.rule_title, run.erased);
  return { run, message };
}

const iso = (d: Date | string) => new Date(d).toISOString();

const presentRun = (r: repo.RunRow): RetentionRun => ({
  id: r.id,
  rule: r.rule_key,
  rule_title: r.rule_title,
  trigger: r.trigger,
  requested_by: r.requested_by,
  cutoff: iso(r.cutoff),
  started_at: iso(r.started_at),
  finished_at: r.finished_at ? iso(r.finished_at) : null,
  erased: r.erased,
  batches: r.batches,
  more_left: r.more_left,
  error: r.error,
});

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** An interval in Portuguese: "6 meses", "30 dias", "1 ano e 2 meses", "12 horas". */
function periodText(p: { years: number; months: number; days: number; seconds: number }): string {
  const days = p.days + Math.floor(p.seconds / 86_400);
  const rest = p.seconds % 86_400;
  const parts = [
    p.years ? plural(p.years, 'ano', 'anos') : '',
    p.months ? plural(p.months, 'mês', 'meses') : '',
    days ? plural(days, 'dia', 'dias') : '',
    rest >= 3600 ? plural(Math.floor(rest / 3600), 'hora', 'horas') : '',
    rest % 3600 >= 60 ? plural(Math.floor((rest % 3600) / 60), 'minuto', 'minutos') : '',
    rest % 60 ? plural(rest % 60, 'segundo', 'segundos') : '',
  ].filter(Boolean);
  if (parts.length === 0) return '0 segundos';
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`;
}

/** GET /api/admin/retention: the rules with their latest run, and a page of runs. */
export async function adminRetention(deps: AppDeps, before: number | null) {
  const db = deps.database.db;
  const [rules, last, page] = await Promise.all([
    repo.listRules(db),
    repo.lastRuns(db),
    repo.runsPage(db, before, RETENTION_RUNS_PAGE + 1),
  ]);
  const lastByRule = new Map(last.map((r) => [r.rule_key, presentRun(r)]));
  const shown = page.slice(0, RETENTION_RUNS_PAGE);
  return {
    rules: rules.map(
      (r): RetentionRule => ({
        key: r.key,
        title: r.title,
        erases: r.erases,
        legal_basis: r.legal_basis,
        period: periodText(r),
        period_seconds: r.period_seconds,
        runs_every: `a cada ${periodText({ years: 0, months: 0, days: 0, seconds: r.every_seconds })}`,
        enabled: r.enabled,
        next_run_at: iso(r.next_run_at),
        last_run: lastByRule.get(r.key) ?? null,
      }),
    ),
    runs: {
      data: shown.map(presentRun),
      next_before: page.length > RETENTION_RUNS_PAGE ? shown.at(-1)!.id : null,
    },
  };
}
