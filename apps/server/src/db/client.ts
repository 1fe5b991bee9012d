import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';
import { oneAtATime, prepareByName } from './statements';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories take `Executor` so they run inside or outside a transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export type Database = {
  kind: 'pglite' | 'postgres';
  /** the requests' pool: a statement that runs past its limit (statementTimeoutMs) is cancelled */
  db: Db;
  /**
   * The pool of the work that reads across every customer and that nobody waits on at a screen: the ledger's folder
   * and checkpoints, the day's proof, the invoice run, the privacy copies, the reconciliation, the migrations
   * (docs/operations.md, "Two pools"); its statements may run for minutes. PGlite: `db`.
   */
  background: Db;
  /** PostgreSQL only: where it is, so a second instance can open a pool of its own (tests) */
  url?: string;
  /** Runs a script of several SQL statements (migrations), on the background pool. */
  execScript(sqlText: string): Promise<void>;
  /** Runs fn on one dedicated connection of the background pool (session-level advisory locks, migrations). */
  withConnection<T>(fn: (conn: Connection) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * Where the errors of idle or checked-out connections go (the database restarted, the network dropped): logged, never
   * thrown at the process. The app sets its logger here once it exists; until then they go to stderr.
   */
  setErrorLogger(log: DatabaseErrorLogger): void;
  /** the embedded engine, when it is PGlite (tests dump and load it) */
  pglite?: PGlite;
};

type DatabaseErrorLogger = (err: unknown, where: string) => void;

const stderrLogger: DatabaseErrorLogger = (err, where) =>
  console.error(`[database] ${where}: ${err instanceof Error ? err.message : String(err)}`);

/**
 * How long a request waits for a connection before it fails as DATABASE_UNAVAILABLE (503): a database that stopped
 * answering must not hold requests past a client's timeout.
 */
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * How long a transaction may sit idle, its holder awaiting something else between two statements, before PostgreSQL
 * ends its session (and so the transaction, and its row locks): a holder that never comes back (a promise that never
 * settles) would otherwise keep its locks, and the customers' rows behind them, until the process ends. No transaction
 * of Prata waits that long between two statements (its external calls time out within 10 s) but the day's proof of
 * reserves, which hashes its whole tree between two and allows itself more (allowIdleInTransaction, db/tx.ts).
 */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000;

/**
 * How long one statement of a request may run, its waits for row locks included, before PostgreSQL cancels it (57014,
 * answered 503 DATABASE_TIMEOUT): a statement that runs away (a plan gone wrong, a lock held by a stuck holder) must
 * not hold a connection of the requests' pool, and the customers queued behind it, for longer. The slowest read a
 * request makes at a million customers takes well under a second (docs/scale.md).
 */
const REQUEST_STATEMENT_TIMEOUT_MS = 10_000;

/** The background pool's: bounded, but long enough for a full reconciliation at a million customers (about 3 min). */
const BACKGROUND_STATEMENT_TIMEOUT_MS = 30 * 60_000;

/** The background pool's connections: the jobs run one statement at a time each, rarely together. */
const BACKGROUND_POOL_SIZE = 5;

/** How long background work waits for a connection of its pool (nobody waits at a screen). */
const BACKGROUND_CONNECT_TIMEOUT_MS = 60_000;

type Connection = {
  query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** several statements in one call, no parameters */
  exec(text: string): Promise<void>;
};

export type OpenOptions = {
  url?: string | undefined;
  dataDir?: string | undefined;
  poolSize?: number;
  /** PostgreSQL: how long a query waits for a connection of the pool (CONNECT_TIMEOUT_MS unless told) */
  connectTimeoutMs?: number;
  /** PostgreSQL: how long a transaction may sit idle before its session ends (IDLE_IN_TRANSACTION_TIMEOUT_MS unless told) */
  idleInTransactionTimeoutMs?: number;
  /** PostgreSQL: how long a statement of the requests' pool may run (REQUEST_STATEMENT_TIMEOUT_MS unless told) */
  statementTimeoutMs?: number;
  /** PostgreSQL: how long a statement of the background pool may run (BACKGROUND_STATEMENT_TIMEOUT_MS unless told) */
  backgroundStatementTimeoutMs?: number;
  /** PGlite only: start from this dump (tests) */
  loadDataDir?: Blob;
};

/** PostgreSQL through node-postgres when a URL is given; otherwise the embedded PGlite (in a folder, or in memory). */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) {
    const idle_in_transaction_session_timeout = opts.idleInTransactionTimeoutMs ?? IDLE_IN_TRANSACTION_TIMEOUT_MS;
    return openPostgres(
      opts.url,
      {
        max: opts.poolSize ?? 10,
        connectionTimeoutMillis: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
        idle_in_transaction_session_timeout,
        statement_timeout: opts.statementTimeoutMs ?? REQUEST_STATEMENT_TIMEOUT_MS,
      },
      {
        max: BACKGROUND_POOL_SIZE,
        connectionTimeoutMillis: BACKGROUND_CONNECT_TIMEOUT_MS,
        idle_in_transaction_session_timeout,
        statement_timeout: opts.backgroundStatementTimeoutMs ?? BACKGROUND_STATEMENT_TIMEOUT_MS,
      },
    );
  }
  return openPglite(opts.dataDir, opts.loadDataDir);
}

type ConnectCallback = (
  err: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: Error | boolean) => void,
) => void;

/**
 * A checked-out connection whose server went away gives itself back to the pool at once (which drops it), and its
 * holder's own release afterwards does nothing. drizzle sends a transaction's `begin` before the try whose finally
 * releases the connection: without this, a connection lost at that moment is never given back, and each restart of
 * the database that catches one leaves the pool a connection short, until requests wait for one that never comes.
 */
function givenBackWhenLost(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const giveBack = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('error', lost);
    release(err);
  };
  const lost = (err: Error) => giveBack(err);
  client.on('error', lost);
  client.release = giveBack;
  return client;
}

/** node-postgres' pool, each checkout through givenBackWhenLost. */
class Pool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | undefined {
    if (!callback) return super.connect().then(givenBackWhenLost);
    super.connect((err, client) =>
      client ? callback(err, givenBackWhenLost(client), client.release) : callback(err, undefined, () => {}),
    );
    return undefined;
  }
}

type PoolSettings = Pick<
  pg.PoolConfig,
  'max' | 'connectionTimeoutMillis' | 'idle_in_transaction_session_timeout' | 'statement_timeout'
>;

/**
 * One pool of connections: a checked-out connection whose server went away gives itself back, idle and checked-out
 * connections' errors go to the logger, and close() waits until every connection has closed.
 */
function openPool(url: string, settings: PoolSettings, log: DatabaseErrorLogger) {
  const pool = new Pool({ connectionString: url, ...settings });
  // An idle client whose server went away: the pool drops it and opens another on the next checkout.
  pool.on('error', (err) => log(err, 'idle connection lost'));
  // The connections not closed yet: pool.end() resolves once it has asked each to close, not once they have (pg-pool
  // ends them without waiting), so close() waits for the 'remove' that follows each one's end.
  const open = new Set<unknown>();
  let allClosed: (() => void) | undefined;
  pool.on('remove', (client) => {
    open.delete(client);
    if (open.size === 0) allClosed?.();
  });
  // A checked-out client has no pool listener: without one of its own, its 'error' event (the server stopped between
  // two queries of a transaction, or under a LISTEN) would be thrown at the process and end it.
  pool.on('connect', (client) => {
    open.add(client);
    client.on('error', (err) => log(err, 'connection lost'));
    // each statement with parameters is prepared once per connection (statements.ts)
    prepareByName(client as unknown as Parameters<typeof prepareByName>[0]);
    // and a transaction's statements asked for at once go one after the other (statements.ts)
    oneAtATime(client as unknown as Parameters<typeof oneAtATime>[0]);
  });
  return {
    pool,
    db: drizzlePg(pool, { schema }) as unknown as Db,
    async close() {
      const closed = new Promise<void>((resolve) => {
        allClosed = resolve;
      });
      await pool.end();
      if (open.size > 0) await closed;
    },
  };
}

async function openPostgres(url: string, requests: PoolSettings, background: PoolSettings): Promise<Database> {
  let logError = stderrLogger;
  const log: DatabaseErrorLogger = (err, where) => logError(err, where);
  const main = openPool(url, requests, log);
  const behind = openPool(url, background, log);
  await main.pool.query('select 1');
  return {
    kind: 'postgres',
    url,
    db: main.db,
    background: behind.db,
    async execScript(text) {
      await behind.pool.query(text);
    },
    async withConnection(fn) {
      const client = await behind.pool.connect();
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
      await Promise.all([main.close(), behind.close()]);
    },
    setErrorLogger(next) {
      logError = next;
    },
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  // the extensions the migrations create (0043: the operator's search) must be loaded with the engine itself
  const client = new PGlite({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm, unaccent },
  });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    background: db,
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
    // PGlite runs in this process: its failures reach the caller of each query
    setErrorLogger() {},
  };
}
