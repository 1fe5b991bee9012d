import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, ReconciliationResponse, type ReconciliationRun as ReconciliationView } from '@prata/domain';
import type { AppDeps } from '@/deps';
import { withTransaction } from '@/db/tx';
import { lastReconciliation, type ReconciliationRun, recordReconciliation, runReconciliation } from '@/ledger/index';
import { writeAudit } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { currentUser, requireStaff } from '@/plugins/auth';

const present = (run: ReconciliationRun): ReconciliationView => ({
  id: run.id,
  ran_at: run.ranAt.toISOString(),
  ok: run.ok,
  problems: run.problems,
  duration_ms: run.durationMs,
  source: run.source,
  run_by: run.runBy,
});

/** The newest run, from the back office or the command line; null before the first. */
async function lastRun(deps: AppDeps): Promise<ReconciliationView | null> {
  const run = await lastReconciliation(deps.database.db);
  return run ? present(run) : null;
}

// One run at a time per instance (a second click shares it); across instances the run's lock answers
// RECONCILIATION_RUNNING. It runs from the checkpoint: the transfers and records since the last horizon.
let running: Promise<ReconciliationView> | undefined;

/**
 * Runs the reconciliation now (one consistent snapshot of the ledger), stores its outcome and audits it in one
 * transaction. Clicks while a run is under way share its outcome.
 */
function runNow(deps: AppDeps, actor: { userId: number; name: string; ip: string }) {
  running ??= (async () => {
    // minutes at a million customers: the background pool's limit, not a request's (db/client.ts)
    const run = await runReconciliation(deps.database.background);
    if (!run) throw new AppError('RECONCILIATION_RUNNING', MESSAGES.reconciliationRunning);
    const stored = await withTransaction(deps.database.db, async (tx) => {
      const row = await recordReconciliation(tx, run, { source: 'admin', userId: actor.userId });
      await writeAudit(tx, {
        actorUserId: actor.userId,
        action: 'ledger.reconciliation_run',
        targetType: 'ledger_reconciliation',
        targetId: row.id,
        details: { ok: run.ok, problems: run.problems.length },
        ip: actor.ip,
      });
      return row;
    });
    return present({ ...run, ...stored, source: 'admin', runBy: { id: actor.userId, name: actor.name } });
  })().finally(() => {
    running = undefined;
  });
  return running;
}

/** GET /api/admin/reconciliation (the last run) and POST (run it now): administration and finance only. */
export async function reconciliationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const finance = requireStaff('finance');

  app.get(
    '/admin/reconciliation',
    { preHandler: finance, schema: { response: { 200: ReconciliationResponse } } },
    async () => ({ reconciliation: await lastRun(app.deps) }),
  );

  app.post(
    '/admin/reconciliation',
    {
      preHandler: finance,
      schema: { response: { 200: ReconciliationResponse } },
    },
    async (req) => {
      const user = currentUser(req);
      const reconciliation = await runNow(app.deps, { userId: user.id, name: user.name, ip: req.ip });
      return {
        reconciliation,
        message: reconciliation.ok
          ? MESSAGES.reconciliationClean
          : MESSAGES.reconciliationProblems(reconciliation.problems.length),
      };
    },
  );
}
