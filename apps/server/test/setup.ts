import { afterAll } from 'vitest';
import type { Database } from '../src/db/client';

const opened: Database[] = [];
/** Hooks that run against every database of the file before it closes (the ledger reconciliation registers one). */
const checks: Array<(database: Database) => Promise<void>> = [];

export function trackDatabase(database: Database) {
  opened.push(database);
}

export function afterEachDatabase(check: (database: Database) => Promise<void>) {
  checks.push(check);
}

afterAll(async () => {
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
