import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { post } from '@/ledger/index';

const run = promisify(execFile);
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

// The ledger cannot import a feature: each entry point registers the features' checks itself (features/index.ts).
describe("npm run reconcile runs the features' checks too", () => {
  it('reports a transfer:unclaimed that disagrees with the pending silver transfers', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'prata-reconcile-features-'));
    const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'development' };
    const args = ['--import', 'tsx', 'src/scripts/reconcile.ts'];
    await run('node', args, { cwd: serverDir, env }); // creates and migrates the database

    // 1 g put in transfer:unclaimed from the vault: the ledger balances, but no pending transfer owns it
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    await post(database.db, {
      id: 'test:unclaimed',
      debit: { system: 'vault' },
      credit: { system: 'transfer:unclaimed' },
      currency: 'AG',
      amount: 100,
      code: 'test.unclaimed',
    });
    await database.close();

    const broken = await run('node', args, { cwd: serverDir, env }).catch((err) => err);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('Conferência concluída: 1 problema encontrado.');
    expect(broken.stdout).toContain('- transfer:unclaimed tem 100 cg, mas as transferências pendentes somam 0 cg');
    await rm(dataDir, { recursive: true, force: true });
  }, 180_000);
});
