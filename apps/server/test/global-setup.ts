import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@/db/client';
import { migrate } from '@/db/migrate';
import { seedReferenceData } from '@/seed/reference';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated template database each test file clones. */
    templateDatabase: string;
    /** PGlite: a dump of a migrated database each test file loads. */
    pgliteDump: string;
  }
}

/**
 * Migrates once per run: into a template database on PostgreSQL (TEST_DATABASE_URL), or into a PGlite dump.
 * Each test file then gets its own fresh copy (see helpers.ts).
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  // `npm run test:embedded` runs the ledger and the demo on PGlite on purpose (TEST_EMBEDDED=1), beside the PostgreSQL run
  if (process.env.CI === 'true' && !url && process.env.TEST_EMBEDDED !== '1') {
    throw new Error('CI=true sem TEST_DATABASE_URL: os testes de concorrência só provam algo no PostgreSQL.');
  }
  // The Redis cases (rate limits, the order stream, the broadcast, the session cache) skip without REDIS_URL; in CI that
  // would pass in silence, so CI refuses to run them without it (scripts/test.mjs also checks that Redis answers).
  if (process.env.CI === 'true' && !process.env.REDIS_URL) {
    throw new Error('CI=true sem REDIS_URL: os testes de Redis seriam pulados em silêncio.');
  }
  if (url) {
    const name = `prata_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const database = await openDatabase({ url: withDatabase(url, name), poolSize: 2 });
    await migrate(database);
    await seedReferenceData(database.db);
    await database.close();
    project.provide('templateDatabase', name);
    project.provide('pgliteDump', '');
    return async () => {
      // Drop the template and every per-file copy this run made.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1 or datname = $2`,
        [`prata_t_${process.pid}_%`, name],
      );
      for (const r of rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'prata-test-'));
  const pglite = await openDatabase({});
  await migrate(pglite);
  await seedReferenceData(pglite.db);
  const dump = await pglite.pglite!.dumpDataDir('gzip');
  await pglite.close();
  const file = path.join(dir, 'template.tar.gz');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('templateDatabase', '');
  project.provide('pgliteDump', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
