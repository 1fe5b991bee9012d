import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Any constant: all instances starting at once queue on it, so each migration runs exactly once. */
const MIGRATION_LOCK_KEY = 727_001;

/**
 * Applies the committed SQL migrations (db/migrations/NNNN_name.sql) in name order, each in its own transaction,
 * under an advisory lock so several instances can start together against one PostgreSQL.
 */
export async function migrate(database: Database): Promise<string[]> {
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  await database.withConnection(async ({ query, exec }) => {
    await query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await query(
        'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      const done = new Set((await query('select name from schema_migrations')).rows.map((r) => String(r.name)));
      for (const file of files) {
        if (done.has(file)) continue;
        const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
        await query('begin');
        try {
          await exec(text);
          await query('insert into schema_migrations (name) values ($1)', [file]);
          await query('commit');
        } catch (err) {
          await query('rollback');
          throw new Error(`Falha na migração ${file}: ${(err as Error).message}`);
        }
        applied.push(file);
      }
    } finally {
      await query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
  return applied;
}
