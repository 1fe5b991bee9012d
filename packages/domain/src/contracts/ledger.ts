import { z } from 'zod';

/** One stored run of the ledger's reconciliation (docs/ledger.md): when, whether it was clean, what was wrong. */
export const ReconciliationRun = z.object({
  id: z.number().int().positive(),
  /** ISO 8601 */
  ran_at: z.string(),
  ok: z.boolean(),
  /** each problem in Portuguese, at most 50 of a kind */
  problems: z.array(z.string()),
  duration_ms: z.number().int().nonnegative(),
  /** the back office or `npm run reconcile` */
  source: z.enum(['admin', 'cli']),
  /** the operator who ran it; null from the command line */
  run_by: z.object({ id: z.number().int().positive(), name: z.string() }).nullable(),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRun>;

/**
 * GET /api/admin/reconciliation (the last run, null before any) and POST (runs it now: the run, with a message). Neither
 * takes input: no query, and the POST no body (the server's input guards refuse one).
 */
export const ReconciliationResponse = z.object({
  reconciliation: ReconciliationRun.nullable(),
  message: z.string().optional(),
});
export type ReconciliationResponse = z.infer<typeof ReconciliationResponse>;
