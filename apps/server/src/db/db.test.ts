import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { lockDataDir } from './lock';
import { migrate } from './migrate';
import * as schema from './schema/index';

describe('migrations', () => {
  it('are applied once: a second run applies nothing', async () => {
    const database = await createTestDatabase();
    expect(await migrate(database)).toEqual([]);
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
