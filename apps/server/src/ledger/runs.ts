import { desc, eq } from 'drizzle-orm';
import type { Db, Executor } from '@/db/client';
import { ledgerReconciliations, users } from '@/db/schema/index';
import { type Reconciliation, reconciliationCheckNames } from './reconcile';
import { reconcileFromCheckpoint } from './reconcile-checkpoint';

export type ReconciliationRun = Reconciliation & {
  id: number;
  ranAt: Date;
  durationMs: number;
  source: 'admin' | 'cli';
  /** the operator who ran it; null from the command line */
  runBy: { id: number; name: string } | null;
};

export type TimedReconciliation = Reconciliation & { durationMs: number; full: boolean };

/**
 * Runs the reconciliation (one consistent snapshot) from its checkpoint, or of everything with `full`
 * (ledger/reconcile-checkpoint.ts), and says how long it took; null when a run is under way elsewhere (any instance):
 * it never runs twice at once. The run an operator sees (the back office, `npm run reconcile`) must check the
 * features' records too: without their checks registered it throws rather than report a clean ledger it did not
 * fully check.
 */
export async function runReconciliation(
  db: Db,
  opts: { full?: boolean; graceMs?: number } = {},
): Promise<TimedReconciliation | null> {
  if (reconciliationCheckNames().length === 0) {
    throw new Error("ledger: the features' reconciliation checks are not registered (registerFeatureReconciliation)");
  }
  const started = performance.now();
  const result = await reconcileFromCheckpoint(db, opts);
  return result && { ...result, durationMs: Math.round(performance.now() - started) };
}

/** Stores a run's outcome (in the caller's transaction, beside its audit entry). */
export async function recordReconciliation(
  tx: Executor,
  run: Reconciliation & { durationMs: number; full?: boolean },
  by: { source: 'admin' | 'cli'; userId: number | null },
): Promise<{ id: number; ranAt: Date }> {
  const [row] = await tx
    .insert(ledgerReconciliations)
    .values({
      ok: run.ok,
      problems: run.problems,
      durationMs: run.durationMs,
      runByUserId: by.userId,
      source: by.source,
      fullRun: run.full ?? true,
    })
    .returning({ id: ledgerReconciliations.id, ranAt: ledgerReconciliations.ranAt });
  return row!;
}

/** The newest stored run, or null. */
export async function lastReconciliation(ex: Executor): Promise<ReconciliationRun | null> {
  const [row] = await ex
    .select({
      id: ledgerReconciliations.id,
      ranAt: ledgerReconciliations.ranAt,
      ok: ledgerReconciliations.ok,
      problems: ledgerReconciliations.problems,
      durationMs: ledgerReconciliations.durationMs,
      source: ledgerReconciliations.source,
      runById: users.id,
      runByName: users.name,
    })
    .from(ledgerReconciliations)
    .leftJoin(users, eq(users.id, ledgerReconciliations.runByUserId))
    .orderBy(desc(ledgerReconciliations.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    ranAt: row.ranAt,
    ok: row.ok,
    problems: row.problems,
    durationMs: row.durationMs,
    source: row.source,
    runBy: row.runById === null || row.runByName === null ? null : { id: row.runById, name: row.runByName },
  };
}
