import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** The stored functions of the money path, one current definition each (docs/ledger.md, "Where the functions live"). */
export const FUNCTIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'functions');
/** Any constant: all instances starting at once queue on it, so each migration runs exactly once. */
const MIGRATION_LOCK_KEY = 727_001;
/** How often an instance that waits for another's migrations asks for the lock again. */
const LOCK_POLL_MS = 200;

/**
 * The first line of a migration that must run outside a transaction: `create index concurrently` builds an index on a
 * big table without blocking its writes, and PostgreSQL refuses it inside a transaction block. Such a file is run one
 * statement at a time (statements end with `;` at the end of a line; no function bodies, no `;` inside a line), and
 * must be safe to run again from the top: a build that failed half-way leaves an invalid index behind, so the file
 * drops it (`drop index concurrently if exists`) before creating it. It is recorded once its last statement ran.
 */
export const OUTSIDE_TRANSACTION = '-- migrate: outside transaction';

/** The statements of a migration run outside a transaction: comments dropped, split at a `;` that ends a line. */
export function statementsOf(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .split(/;[ \t]*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}

export type MigrateOptions = { migrationsDir?: string; functionsDir?: string };

/**
 * Applies the committed SQL migrations (db/migrations/NNNN_name.sql) in name order, each in its own transaction,
 * then the function files (db/functions/name.sql) whose content changed since they were last applied (repeatable
 * migrations: each file is `create or replace`, its SHA-256 recorded in schema_functions), each in its own transaction;
 * all under an advisory lock so several instances can start together against one PostgreSQL. Answers what it applied.
 */
export async function migrate(database: Database, opts: MigrateOptions = {}): Promise<string[]> {
  const migrationsDir = opts.migrationsDir ?? MIGRATIONS_DIR;
  const functionsDir = opts.functionsDir ?? FUNCTIONS_DIR;
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  // a release without its functions' folder must not start on the database's older functions: missing, it throws
  const functionFiles = (await readdir(functionsDir)).filter((f) => /^[a-z][\w-]*\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await database.withConnection(async ({ query, exec }) => {
    const inTransaction = async (name: string, run: () => Promise<void>) => {
      await query('begin');
      try {
        await run();
        await query('commit');
      } catch (err) {
        await query('rollback');
        throw new Error(`Falha na migração ${name}: ${(err as Error).message}`);
      }
      applied.push(name);
    };
    // Polled rather than waited for: a session blocked in pg_advisory_lock holds a snapshot, which a `create index
    // concurrently` of the instance holding the lock would wait for (a deadlock PostgreSQL would break by failing one).
    while (!(await query('select pg_try_advisory_lock($1) as locked', [MIGRATION_LOCK_KEY])).rows[0]?.locked) {
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    }
    try {
      // An index built on a large table may take longer than any pool's limit: whoever deploys watches it instead.
      await query('set statement_timeout = 0');
      await query(
        'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      const done = new Set((await query('select name from schema_migrations')).rows.map((r) => String(r.name)));
      for (const file of files) {
        if (done.has(file)) continue;
        const text = await readFile(path.join(migrationsDir, file), 'utf8');
        if (text.startsWith(OUTSIDE_TRANSACTION)) {
          try {
            for (const statement of statementsOf(text)) await query(statement);
            await query('insert into schema_migrations (name) values ($1)', [file]);
          } catch (err) {
            throw new Error(`Falha na migração ${file}: ${(err as Error).message}`);
          }
          applied.push(file);
          continue;
        }
        await inTransaction(file, async () => {
          await exec(text);
          await query('insert into schema_migrations (name) values ($1)', [file]);
        });
      }

      await query(
        `create table if not exists schema_functions (name text primary key, sha256 text not null,
           applied_at timestamptz not null default now())`,
      );
      const recorded = new Map(
        (await query('select name, sha256 from schema_functions')).rows.map((r) => [String(r.name), String(r.sha256)]),
      );
      for (const file of functionFiles) {
        const text = await readFile(path.join(functionsDir, file), 'utf8');
        const sha256 = createHash('sha256').update(text).digest('hex');
        if (recorded.get(file) === sha256) continue;
        await inTransaction(`functions/${file}`, async () => {
          await exec(text);
          await query(
            `insert into schema_functions (name, sha256) values ($1, $2)
               on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`,
            [file, sha256],
          );
        });
      }
    } finally {
      await query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      await query('reset statement_timeout');
    }
  });
  return applied;
}
