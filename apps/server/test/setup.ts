import { afterAll } from 'vitest';
import type { Database } from '../src/db/client';
import { reconcile } from '../src/ledger';

const opened: Database[] = [];
/** Hooks that run against every database of the file before it closes (the ledger reconciliation registers one). */
const checks: Array<(database: Database) => Promise<void>> = [];

export function trackDatabase(database: Database) {
  opened.push(database);
}

/** A second pool to a database already tracked: closed after the file, not checked twice. */
const secondary: Database[] = [];
export function trackSecondary(database: Database) {
  secondary.push(database);
}

export function afterEachDatabase(check: (database: Database) => Promise<void>) {
  checks.push(check);
}

/**
 * Checks and closes one database now, instead of after the file: for tests that open wide pools (the race tests), so
 * that their connections do not add up across a file while another worker's file opens its own (max_connections).
 */
export async function finishDatabase(database: Database) {
  const i = opened.indexOf(database);
  if (i < 0) return;
  opened.splice(i, 1);
  try {
    for (const check of checks) await check(database);
  } finally {
    await database.close();
  }
}

afterAll(async () => {
  for (const database of secondary.splice(0)) await database.close();
  const failures: string[] = [];
  for (const database of opened.splice(0)) {
    try {
      for (const check of checks) await check(database);
    } catch (err) {
      failures.push((err as Error).message);
    } finally {
      await database.close();
    }
  }
  if (failures.length > 0) throw new Error(`Verificação após o arquivo de testes falhou:\n${failures.join('\n')}`);
});

// The ledger's invariants hold on every database a test file used (docs/ledger.md).
afterEachDatabase(async (database) => {
  const r = await reconcile(database.db);
  if (!r.ok) throw new Error(r.problems.join('\n'));
});
