import type { Db } from '@/db/client';
import { callLedger } from './execute';

/** Accounts folded per run; the ones with the most deltas first. */
const FOLD_BATCH = 500;

/**
 * Folds balance deltas into their accounts' rows: a balance is its row plus its deltas, so this changes no balance,
 * it keeps reads short. Never waits for a lock (a busy account is left for the next run); any number of instances may
 * run it. Returns how many accounts it folded.
 */
export async function foldBalances(db: Db, limit = FOLD_BATCH): Promise<number> {
  return Number(await callLedger<number>(db, 'select ledger_fold($1::int) as r', 'ledger_fold', [limit]));
}

/** Runs foldBalances every `intervalMs` until stopped (the server starts one per instance). */
export function startBalanceFolder(
  db: Db,
  opts: { intervalMs?: number; onError?: (err: unknown) => void } = {},
): { stop(): Promise<void> } {
  const intervalMs = opts.intervalMs ?? 1000;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running
      .then(async () => {
        if (stopped) return;
        // a busy ledger leaves many deltas: keep folding while a run fills its batch
        for (let i = 0; i < 10 && !stopped && (await foldBalances(db)) >= FOLD_BATCH; i++);
      })
      .catch((err) => opts.onError?.(err));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
