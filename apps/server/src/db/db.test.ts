import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { openDatabase } from './client';
import { lockDataDir } from './lock';
import { FUNCTIONS_DIR, MIGRATIONS_DIR, migrate, OUTSIDE_TRANSACTION, statementsOf } from './migrate';
import * as schema from './schema/index';

describe('migrations', () => {
  it('are applied once: a second run applies nothing', async () => {
    const database = await createTestDatabase();
    expect(await migrate(database)).toEqual([]);
  });

  it('apply a function file again when it changed, and not when it did not (repeatable migrations)', async () => {
    const database = await createTestDatabase();
    const dir = await mkdtemp(path.join(tmpdir(), 'prata-functions-'));
    try {
      const fold = await readFile(path.join(FUNCTIONS_DIR, 'ledger_fold.sql'), 'utf8');
      await writeFile(path.join(dir, 'ledger_fold.sql'), fold);
      const probe = (n: number) =>
        `create or replace function prata_function_probe() returns integer language sql as $$ select ${n} $$;`;
      await writeFile(path.join(dir, 'prata_function_probe.sql'), probe(1));
      const value = async () =>
        Number(
          (
            (await database.db.execute(sql`select prata_function_probe() as v`)) as unknown as {
              rows: Array<{ v: number }>;
            }
          ).rows[0]!.v,
        );
      // the real file, unchanged since the template applied it: not again; a new one: applied
      expect(await migrate(database, { functionsDir: dir })).toEqual(['functions/prata_function_probe.sql']);
      expect(await value()).toBe(1);
      expect(await migrate(database, { functionsDir: dir })).toEqual([]);
      // changed: applied again (its new hash recorded), the other not
      await writeFile(path.join(dir, 'prata_function_probe.sql'), probe(2));
      expect(await migrate(database, { functionsDir: dir })).toEqual(['functions/prata_function_probe.sql']);
      expect(await value()).toBe(2);
      await writeFile(path.join(dir, 'ledger_fold.sql'), `${fold}\n-- a comment is a change too\n`);
      expect(await migrate(database, { functionsDir: dir })).toEqual(['functions/ledger_fold.sql']);
      expect(await migrate(database, { functionsDir: dir })).toEqual([]);
      // a file that fails is rolled back whole, and its hash is not recorded: the next start tries it again
      await writeFile(path.join(dir, 'prata_function_probe.sql'), `${probe(3)}\nselect no_such_function();`);
      await expect(migrate(database, { functionsDir: dir })).rejects.toThrow(/prata_function_probe.sql/);
      expect(await value()).toBe(2);
      await writeFile(path.join(dir, 'prata_function_probe.sql'), probe(3));
      expect(await migrate(database, { functionsDir: dir })).toEqual(['functions/prata_function_probe.sql']);
      expect(await value()).toBe(3);
      // a release that lost its functions' folder refuses to start rather than run on the older functions
      await expect(migrate(database, { functionsDir: path.join(dir, 'missing') })).rejects.toThrow(/ENOENT/);
      expect(await value()).toBe(3);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('run a file marked to run outside a transaction one statement at a time (create index concurrently), once', async () => {
    const database = await createTestDatabase();
    const dir = await mkdtemp(path.join(tmpdir(), 'prata-migrations-'));
    const indexes = async () =>
      (
        (await database.db.execute(
          sql`select indexname from pg_indexes where tablename = 'migration_probe' order by indexname`,
        )) as unknown as { rows: Array<{ indexname: string }> }
      ).rows.map((r) => r.indexname);
    try {
      // the real migrations first (already applied by the template), then the probe's two files
      for (const f of (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql'))) {
        await writeFile(path.join(dir, f), await readFile(path.join(MIGRATIONS_DIR, f), 'utf8'));
      }
      await writeFile(path.join(dir, '9998_probe_table.sql'), 'create table migration_probe (a int, b int);\n');
      const concurrently = `${OUTSIDE_TRANSACTION}
-- a comment; with a semicolon;
drop index concurrently if exists migration_probe_ab;
create index concurrently migration_probe_ab on migration_probe (a, b desc);
drop index concurrently if exists migration_probe_a;`;
      await writeFile(path.join(dir, '9999_probe_index.sql'), concurrently);
      expect(statementsOf(concurrently)).toHaveLength(3);
      expect(await migrate(database, { migrationsDir: dir })).toEqual(['9998_probe_table.sql', '9999_probe_index.sql']);
      expect(await indexes()).toEqual(['migration_probe_ab']);
      expect(await migrate(database, { migrationsDir: dir })).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('match the drizzle schema: every table and column the code uses exists with that name', async () => {
    const database = await createTestDatabase();
    const result = (await database.db.execute(
      sql`select table_name, column_name from information_schema.columns where table_schema = 'public'`,
    )) as unknown as { rows: unknown[] };
    const have = new Set(
      (result.rows as Array<{ table_name: string; column_name: string }>).map(
        (r) => `${r.table_name}.${r.column_name}`,
      ),
    );
    const tables = (Object.values(schema) as unknown[]).filter(
      (v): v is PgTable => typeof v === 'object' && v !== null && Symbol.for('drizzle:IsDrizzleTable') in v,
    );
    expect(tables.length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const table of tables) {
      const config = getTableConfig(table);
      for (const column of config.columns) {
        if (!have.has(`${config.name}.${column.name}`)) missing.push(`${config.name}.${column.name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('the embedded database folder', () => {
  it('is locked by one process at a time, with a clear message for the second', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'prata-lock-'));
    const release = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(/está em uso por outro processo do Prata/);
    await release();
    const again = await lockDataDir(dir);
    await again();
    await rm(dir, { recursive: true, force: true });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL pool', () => {
  it('has closed every connection when close() answers: dropping its database then loses none', async () => {
    const server = process.env.TEST_DATABASE_URL!;
    const name = `prata_close_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      await admin.query(`create database ${name}`);
      const url = new URL(server);
      url.pathname = `/${name}`;
      const database = await openDatabase({ url: url.toString(), poolSize: 8 });
      const lost: string[] = [];
      database.setErrorLogger((err, what) => lost.push(`${what}: ${(err as Error).message}`));
      // eight connections at once on the requests' pool and five on the background one, all idle afterwards
      await Promise.all([
        ...Array.from({ length: 8 }, () => database.db.execute(sql`select pg_sleep(0.05)`)),
        ...Array.from({ length: 5 }, () => database.execScript('select pg_sleep(0.05)')),
      ]);
      await database.close();
      await admin.query(`drop database ${name} with (force)`);
      // a connection still open would be terminated by the drop and reported ("idle connection lost")
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lost).toEqual([]);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
