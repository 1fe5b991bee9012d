// `npm run reconcile`: the ledger's reconciliation (docs/ledger.md) against the configured database, the way the server
// opens it (DATABASE_URL's PostgreSQL, or the embedded one in DATA_DIR while no server holds it). Prints the outcome in
// Portuguese, stores it beside the back office's runs, and exits 0 when everything checks, 1 with the problems listed
// otherwise (2 when the database cannot be opened, 3 when another run is under way). It runs from the reconciliation's
// checkpoint (what changed since); `npm run reconcile -- --full` checks everything and derives the checkpoint again.
import path from 'node:path';
import { MESSAGES } from '@prata/domain';
import { loadConfig } from '@/config';
import { openDatabase } from '@/db/client';
import { lockDataDir } from '@/db/lock';
import { migrate } from '@/db/migrate';
import { registerFeatureReconciliation } from '@/features/index';
import { recordReconciliation, runReconciliation } from '@/ledger/index';

const config = loadConfig();
let release: (() => Promise<void>) | undefined;
let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  release = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pgdata') });
} catch (err) {
  console.error(`Não foi possível abrir o banco de dados: ${(err as Error).message}`);
  await release?.();
  process.exit(2);
}

let exitCode = 1;
try {
  await migrate(database);
  registerFeatureReconciliation();
  const run = await runReconciliation(database.background, { full: process.argv.includes('--full') });
  if (!run) {
    console.log(MESSAGES.reconciliationRunning);
    exitCode = 3;
  } else {
    await recordReconciliation(database.db, run, { source: 'cli', userId: null });
    exitCode = run.ok ? 0 : 1;
    const how = `${run.full ? 'completa' : 'desde o último ponto de controle'}, ${run.durationMs} ms`;
    if (run.ok) {
      console.log(`${MESSAGES.reconciliationClean} (${how})`);
    } else {
      console.log(`${MESSAGES.reconciliationProblems(run.problems.length)} (${how})`);
      for (const problem of run.problems) console.log(`- ${problem}`);
    }
  }
} finally {
  await database.close();
  await release?.();
}
process.exit(exitCode);
