import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories take `Executor` so they run inside or outside a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** PostgreSQL only: where it is, so a second instance can open a pool of its own (tests) */
  url?: string;
  /** Runs a script of several SQL statements (migrations). */
  execScript(sqlText: string): Promise<void>;
  /** Runs fn on one dedicated connection (needed for session-level advisory locks). */
  withConnection<T>(fn: (conn: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** the embedded engine, when it is PGlite (tests dump and load it) */
  pglite?: PGlite;
};

export type Connection = {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** several statements in one call, no parameters */
  exec(text: string): Promise<void>;
};

export type OpenOptions = {
  url?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
  /** PGlite only: start from this dump (tests) */
  loadDataDir?: Blob;
};

/** PostgreSQL through node-postgres when a URL is given; otherwise the embedded PGlite (in a folder, or in memory). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.poolSize ?? 10);
  return openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // bigint (int8) and numeric come back as strings by default; our amounts are safe integers.
  pool.on('error', () => {});
  await pool.query('select 1');
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    url,
    db,
    async execScript(text) {
      await pool.query(text);
    },
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          async query(text, params) {
            const r = await client.query(text, params as unknown[]);
            return { rows: r.rows };
          },
          async exec(text) {
            await client.query(text);
          },
        });
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  const client = new PGlite({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite: client,
    async execScript(text) {
      await client.exec(text);
    },
    async withConnection(fn) {
      return fn({
        async query(text, params) {
          const r = await client.query<Record<string, unknown>>(text, params as unknown[]);
          return { rows: r.rows };
        },
        async exec(text) {
          await client.exec(text);
        },
      });
    },
    async close() {
      await client.close();
    },
  };
}
