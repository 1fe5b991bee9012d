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

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('npm run reconcile', () => {
  it('opens the configured database, says in Portuguese whether the ledger checks, stores the run, exits 0 or 1', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'prata-reconcile-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' };
    const args = ['--import', 'tsx', 'src/scripts/reconcile.ts'];
    const clean = await run('node', args, { cwd: serverDir, env });
    expect(clean.stdout).toMatch(/^Conferência concluída: o razão confere\. \(completa, \d+ ms\)\n$/);

    // Someone edits a balance behind the ledger's back.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    await database.db.execute(
      sql`update ledger_accounts set credits_posted = credits_posted + 7 where code = 'revenue:operating-fee'`,
    );
    await database.close();

    const broken = await run('node', args, { cwd: serverDir, env }).catch((err) => err);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('Conferência concluída: 2 problemas encontrados.');
    expect(broken.stdout).toContain('- BRL: a soma dos débitos (0) difere da soma dos créditos (7)');
    expect(broken.stdout).toContain(
      '- revenue:operating-fee: saldo com débitos 0 e créditos 7, mas os lançamentos somam 0 e 0',
    );

    const stored = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    const runs = await stored.db.select().from(ledgerReconciliations).orderBy(ledgerReconciliations.id);
    await stored.close();
    expect(runs.map((r) => ({ ok: r.ok, problems: r.problems.length, source: r.source, by: r.runByUserId }))).toEqual([
      { ok: true, problems: 0, source: 'cli', by: null },
      { ok: false, problems: 2, source: 'cli', by: null },
    ]);
    await rm(dataDir, { recursive: true, force: true });
  }, 180_000);
});
