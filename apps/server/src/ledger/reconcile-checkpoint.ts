import { sql } from 'drizzle-orm';
import type { Db, Executor } from '@/db/client';
import { rows } from '@/db/sql';
import { FULL_SCOPE, type Reconciliation, type ReconciliationScope, runChecks } from './reconcile';

/**
 * The reconciliation's checkpoint (migration 0044, docs/ledger.md "Reconciliation"): the sums of each account's
 * transfers up to a horizon id, so a daily run reads the transfers after it, not ten years of them.
 *
 * A transfer's id is handed out when it is inserted, not when its transaction commits: a transaction still running
 * may yet commit an id below the newest one visible. So a run leaves a **mark** (the id sequence's value, the time,
 * and the end of the snapshot's transaction ids), and a later run moves the horizon to the mark only once every
 * transaction that was running at the mark has ended before the later run's snapshot (no transaction id below the
 * mark's `xmax` is in progress in the snapshot, but those of sessions in other databases of the cluster, which
 * write no transfer here) and the mark is older than the grace (a transaction holds an id for a moment before it has
 * a transaction id). Records are narrowed by time the same way: `since` is the mark's time, less a margin.
 */

/** Serializes the runs that use the checkpoint (any instance): a second one at the same time answers `busy`. */
const RECONCILE_LOCK = 727_044;
/** The least age of a mark before it becomes the horizon (a setting for tests). */
const RECONCILE_CHECKPOINT_GRACE_MS = 5 * 60_000;
/**
 * Records (a feature's deposits, orders ...) are narrowed by their time, which is their transaction's start: a run
 * looks at those of transactions begun up to this long before the mark became the horizon, so a transaction that
 * began before the mark but wrote only later is still seen.
 */
const RECORDS_MARGIN_MS = 60 * 60_000;

export type CheckpointedRun = Reconciliation & { full: boolean };
type State = {
  horizon_id: string | null;
  horizon_at: Date | string | null;
  mark_id: string | null;
  mark_at: Date | string | null;
  mark_ready: boolean;
};

/**
 * A run of the reconciliation from the checkpoint (`full`: of everything, and the checkpoint derived again from every
 * transfer), in one REPEATABLE READ transaction so every check and the checkpoint see the same moment. Answers null
 * when another run holds the lock (the operator or the daily job on another instance): it is not run twice.
 */
export async function reconcileFromCheckpoint(
  db: Db,
  opts: { full?: boolean; graceMs?: number } = {},
): Promise<CheckpointedRun | null> {
  const graceMs = opts.graceMs ?? RECONCILE_CHECKPOINT_GRACE_MS;
  const run = await db.transaction(
    async (tx) => {
      const [locked] = await rows<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${RECONCILE_LOCK}) as ok`);
      if (!locked?.ok) return null;
      // the checks join a few million accounts with their sums: hashes in memory rather than temporary files
      await tx.execute(sql`set local work_mem = '64MB'`);
      const state = await readState(tx, graceMs);
      const full = opts.full === true || state.horizon_id === null;
      const since = new Date(new Date(state.horizon_at ?? 0).getTime() - RECORDS_MARGIN_MS);
      const scope: ReconciliationScope = full ? FULL_SCOPE : { full: false, afterTransferId: state.horizon_id!, since };
      const result = await runChecks(tx, scope);
      await advance(tx, state, full);
      return { ...result, full, leaveMark: state.mark_id === null || state.mark_ready };
    },
    { isolationLevel: 'repeatable read' },
  );
  if (!run) return null;
  const { leaveMark, ...result } = run;
  if (leaveMark) await leaveNewMark(db);
  return result;
}

/**
 * A new mark, in two statements of its own: the sequence's value first (it counts ids handed to transactions not
 * committed yet), then the snapshot's xmax and the time, taken after it, so every transaction that held an id up to
 * the mark had a transaction id below xmax (but for the instant between an insert's id and its transaction id, which
 * the grace covers). Only where no mark waits (another instance may have left one meanwhile).
 */
async function leaveNewMark(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // the highest id handed out: last_value once nextval has returned it; before that (a new sequence, or one set
    // with setval(…, n, false) as a bulk load or a restore may leave it) the next one is last_value
    const [seq] = await rows<{ id: string }>(
      tx,
      sql`select (case when is_called then last_value else last_value - 1 end)::text as id from ledger_transfers_id_seq`,
    );
    await tx.execute(
      sql`update ledger_reconcile_state
             set mark_id = ${seq?.id ?? '0'}::bigint, mark_at = clock_timestamp(),
                 mark_xmax = pg_snapshot_xmax(pg_current_snapshot())::text, updated_at = now()
           where id and mark_id is null`,
    );
  });
}

async function readState(tx: Executor, graceMs: number): Promise<State> {
  const [state] = await rows<State>(
    tx,
    sql`select horizon_id::text, horizon_at, mark_id::text, mark_at,
               mark_id is not null and mark_at <= now() - make_interval(secs => ${graceMs / 1000})
                 and not exists (
                   select 1 from pg_snapshot_xip(pg_current_snapshot()) x
                    where x < mark_xmax::xid8
                      and not exists (select 1 from pg_stat_activity a
                                       where a.datname <> current_database()
                                         and a.backend_xid::text = (x::text::bigint % 4294967296)::text)
                 ) as mark_ready
          from ledger_reconcile_state where id`,
  );
  if (!state) throw new Error('ledger: the reconciliation checkpoint is missing (migration 0044)');
  return state;
}

/**
 * Moves the horizon to a ready mark: a full run derives the sums again from every transfer up to it, an incremental
 * one adds the transfers between the two horizons. A mark not ready yet is kept, so it ages.
 */
async function advance(tx: Executor, state: State, full: boolean): Promise<void> {
  if (state.mark_ready) {
    const upTo = state.mark_id!;
    if (full || state.horizon_id === null) {
      await tx.execute(sql`truncate ledger_reconcile_totals`);
      await tx.execute(
        sql`insert into ledger_reconcile_totals (account_id, debits, credits)
            select id, sum(d), sum(c) from (
              select debit_account_id as id, amount as d, 0 as c from ledger_transfers where id <= ${upTo}::bigint
              union all
              select credit_account_id, 0, amount from ledger_transfers where id <= ${upTo}::bigint) x
            group by id`,
      );
    } else {
      await tx.execute(
        sql`insert into ledger_reconcile_totals as k (account_id, debits, credits)
            select id, sum(d), sum(c) from (
              select debit_account_id as id, amount as d, 0 as c from ledger_transfers
               where id > ${state.horizon_id}::bigint and id <= ${upTo}::bigint
              union all
              select credit_account_id, 0, amount from ledger_transfers
               where id > ${state.horizon_id}::bigint and id <= ${upTo}::bigint) x
            group by id
            on conflict (account_id) do update
              set debits = k.debits + excluded.debits, credits = k.credits + excluded.credits`,
      );
    }
    await tx.execute(
      sql`update ledger_reconcile_state set horizon_id = mark_id, horizon_at = mark_at, mark_id = null,
                                            mark_at = null, mark_xmax = null, updated_at = now() where id`,
    );
  }
}
