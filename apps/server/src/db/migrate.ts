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
  const functionFiles = (await readdir(functionsDir).catch(() => [] as string[]))
    .filter((f) => /^[a-z][\w-]*\.sql$/.test(f))
    .sort();
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
    await query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await query(
        'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      const done = new Set((await query('select name from schema_migrations')).rows.map((r) => String(r.name)));
      for (const file of files) {
        if (done.has(file)) continue;
        const text = await readFile(path.join(migrationsDir, file), 'utf8');
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
    }
  });
  return applied;
}
