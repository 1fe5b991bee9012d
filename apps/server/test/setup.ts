import pg from 'pg';
import { afterAll } from 'vitest';
import type { Database } from '@/db/client';
import { registerFeatureReconciliation } from '@/features/index';
import { reconcile } from '@/ledger';

/**
 * The registry lives on globalThis: with `isolate: false` a worker runs many files in one module graph, where this
 * file runs again before each of them (registering its hooks) while helpers.ts keeps the copy it imported first.
 */
type Registry = {
  opened: Database[];
  secondary: Database[];
  /** Hooks that run against every database of the file before it closes (the ledger reconciliation registers one). */
  checks: Array<(database: Database) => Promise<void>>;
  /** Statements node-postgres had to queue behind another on the same connection (below). */
  queued: string[];
};
const holder = globalThis as { __prataTestDatabases?: Registry };
holder.__prataTestDatabases ??= { opened: [], secondary: [], checks: [], queued: [] };
const { opened, secondary, checks, queued } = holder.__prataTestDatabases;

export function trackDatabase(database: Database) {
  opened.push(database);
}

/** A second pool to a database already tracked: closed after the file, not checked twice. */
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
  await checkAndClose(database);
}

/** Every check on `database`, then closed whatever they found. */
async function checkAndClose(database: Database) {
  try {
    for (const check of checks) await check(database);
  } finally {
    await database.close();
  }
}

afterAll(async () => {
  for (const database of secondary.splice(0)) await database.close();
  const failures = queued
    .splice(0)
    .map((text) => `uma consulta esperou outra na mesma conexão, o que o pg@9 recusa (db/statements.ts): ${text}`);
  for (const database of opened.splice(0)) {
    await checkAndClose(database).catch((err: Error) => failures.push(err.message));
  }
  if (failures.length > 0) throw new Error(`Verificação após o arquivo de testes falhou:\n${failures.join('\n')}`);
});

// The ledger's invariants and every feature's checks of its records against the ledger hold on every database a test
// file used (docs/ledger.md); a test file that calls reconcile itself gets the features' checks too. Registered once
// per worker: the registry outlives this file's runs (above).
registerFeatureReconciliation();
if (checks.length === 0)
  afterEachDatabase(async (database) => {
    const r = await reconcile(database.db);
    if (!r.ok) throw new Error(r.problems.join('\n'));
  });

// A statement sent on a connection while another is in flight there is queued by node-postgres, which calls that
// deprecated and refuses it from pg@9 (its warning prints once per process, so most would go unseen): db/statements.ts
// sends a transaction's statements one at a time, and any other path that does it fails the file here. Once per worker.
const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown; __prataWatched?: true };
if (!client.__prataWatched) {
  client.__prataWatched = true;
  const query = client.query;
  client.query = function (this: { _queryQueue: unknown[]; pipeline?: boolean }, ...args: unknown[]) {
    if (this._queryQueue.length > 0 && !this.pipeline) {
      const config = args[0] as { text?: unknown } | string;
      queued.push(String(typeof config === 'string' ? config : config?.text).slice(0, 200));
    }
    return query.apply(this, args);
  };
}
