import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { ledgerReconciliations } from '@/db/schema/index';
import { post } from '@/ledger/index';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// One embedded database for the three runs: each run of the command is a process that loads the whole server, and the
// first one migrates the database (seconds on PGlite).
describe('npm run reconcile', () => {
  it("opens the configured database, says in Portuguese whether the ledger and the features' checks agree, stores each run, exits 0 or 1", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'prata-reconcile-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' };
    const args = ['--import', 'tsx', 'src/scripts/reconcile.ts'];
    const onDatabase = async (work: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<unknown>) => {
      const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
      try {
        await work(database);
      } finally {
        await database.close();
      }
    };
    const clean = await run('node', args, { cwd: serverDir, env });
    expect(clean.stdout).toMatch(/^Conferência concluída: o razão confere\. \(completa, \d+ ms\)\n$/);

    // Someone edits a balance behind the ledger's back.
    const revenue = (delta: number) =>
      onDatabase((database) =>
        database.db.execute(
          sql`update ledger_accounts set credits_posted = credits_posted + ${delta} where code = 'revenue:operating-fee'`,
        ),
      );
    await revenue(7);
    const broken = await run('node', args, { cwd: serverDir, env }).catch((err) => err);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('Conferência concluída: 2 problemas encontrados.');
    expect(broken.stdout).toContain('- BRL: a soma dos débitos (0) difere da soma dos créditos (7)');
    expect(broken.stdout).toContain(
      '- revenue:operating-fee: saldo com débitos 0 e créditos 7, mas os lançamentos somam 0 e 0',
    );
    await revenue(-7);

    // The features' checks run too (the ledger cannot import a feature: features/index.ts registers them for each
    // entry point). 1 g put in transfer:unclaimed from the vault: the ledger balances, but no pending transfer owns it.
    await onDatabase((database) =>
      post(database.db, {
        id: 'test:unclaimed',
        debit: { system: 'vault' },
        credit: { system: 'transfer:unclaimed' },
        currency: 'AG',
        amount: 100,
        code: 'test.unclaimed',
      }),
    );
    const unclaimed = await run('node', args, { cwd: serverDir, env }).catch((err) => err);
    expect(unclaimed.code).toBe(1);
    expect(unclaimed.stdout).toContain('Conferência concluída: 1 problema encontrado.');
    expect(unclaimed.stdout).toContain('- transfer:unclaimed tem 100 cg, mas as transferências pendentes somam 0 cg');

    const stored = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    const runs = await stored.db.select().from(ledgerReconciliations).orderBy(ledgerReconciliations.id);
    await stored.close();
    expect(runs.map((r) => ({ ok: r.ok, problems: r.problems.length, source: r.source, by: r.runByUserId }))).toEqual([
      { ok: true, problems: 0, source: 'cli', by: null },
      { ok: false, problems: 2, source: 'cli', by: null },
      { ok: false, problems: 1, source: 'cli', by: null },
    ]);
    await rm(dataDir, { recursive: true, force: true });
  }, 240_000);
});
