import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { createAdapters, type Adapters } from '../src/adapters/index';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { outboxMessages } from '../src/db/schema/index';
import { withDatabase } from './global-setup';
import { trackDatabase } from './setup';

/** A fresh, migrated database of its own: a clone of the run's template (PostgreSQL) or a loaded dump (PGlite). */
export async function createTestDatabase(opts: { poolSize?: number } = {}): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  let database: Database;
  if (url) {
    const name = `prata_t_${process.ppid}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${inject('templateDatabase')}`);
    } finally {
      await admin.end();
    }
    database = await openDatabase({ url: withDatabase(url, name), poolSize: opts.poolSize ?? 10 });
  } else {
    const dump = await readFile(inject('pgliteDump'));
    database = await openDatabase({ loadDataDir: new Blob([dump]) });
  }
  trackDatabase(database);
  return database;
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  adapters: Adapters;
  config: Config & { jwtSecret: string };
};

export async function buildTestApp(
  opts: { database?: Database; adapters?: Partial<Adapters>; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const database = opts.database ?? (await createTestDatabase());
  const base = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    REDIS_URL: process.env.REDIS_URL,
  } as NodeJS.ProcessEnv);
  const config = { ...base, ...opts.config, jwtSecret: 'test-secret-test-secret-test-secret-0123' };
  const adapters = { ...createAdapters(config, {}), ...opts.adapters };
  const app = await buildApp({ config, database, adapters, outbox: { kick() {} } });
  await app.ready();
  return { app, database, adapters, config };
}

/** The messages queued for an e-mail address or phone, newest first. */
export async function outboxFor(database: Database, to: string) {
  return database.db
    .select()
    .from(outboxMessages)
    .where(eq(sql`lower(${outboxMessages.recipient})`, to.toLowerCase()))
    .orderBy(desc(outboxMessages.id));
}

/** The six-digit code in the newest message to `to`. */
export async function latestCode(database: Database, to: string): Promise<string> {
  const [m] = await outboxFor(database, to);
  const code = m?.textBody.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** The first link in the newest message to `to` whose path starts with `prefix`. */
export async function latestLink(database: Database, to: string, prefix: string): Promise<URL> {
  for (const m of await outboxFor(database, to)) {
    const hit = m.textBody.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname.startsWith(prefix));
    if (hit) return new URL(hit);
  }
  throw new Error(`no ${prefix} link in the outbox for ${to}`);
}

export function bearer(token: string): InjectOptions['headers'] {
  return { authorization: `Bearer ${token}` };
}

export { and, eq };
