import { sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from './client';

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock
const MAX_ATTEMPTS = 5;

/**
 * The one way to run a business operation: everything inside `fn` commits or nothing does.
 * Serialization failures and deadlocks are retried a bounded number of times.
 */
export async function withTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    // each attempt has its own: what a rolled-back attempt asked for never runs
    const committed: Array<() => void> = [];
    try {
      const result = await db.transaction((tx) => {
        afterCommitOf.set(tx, committed);
        return fn(tx);
      });
      for (const run of committed) run();
      return result;
    } catch (err) {
      const code = pgErrorCode(err);
      if (code && RETRYABLE.has(code) && attempt < MAX_ATTEMPTS) {
        await new Promise((r) => setTimeout(r, 5 * attempt + Math.random() * 10));
        continue;
      }
      throw err;
    }
  }
}

/**
 * Lets the caller's transaction sit idle up to `ms` between two of its statements, where the pool's connections allow
 * 60 s (db/client.ts): for a transaction that computes long in Node between statements (the day's proof of reserves
 * hashes its whole tree before it writes it). Until the transaction ends.
 */
export async function allowIdleInTransaction(tx: Executor, ms: number): Promise<void> {
  await tx.execute(sql`select set_config('idle_in_transaction_session_timeout', ${String(Math.trunc(ms))}, true)`);
}

/** What runs once a transaction of `withTransaction` commits, by its handle. */
const afterCommitOf = new WeakMap<Executor, Array<() => void>>();

/**
 * Runs `fn` once `ex`'s transaction has committed, when `ex` is a transaction of `withTransaction`; never when it
 * rolls back. Otherwise at once: the pool commits each statement as it runs, and a transaction opened another way (a
 * savepoint inside one, `db.transaction` itself) is not known here. For what only forgets (a cache): a callback that
 * must never run before the commit needs a transaction of `withTransaction`.
 */
export function afterCommit(ex: Executor, fn: () => void): void {
  const committed = afterCommitOf.get(ex);
  if (committed) committed.push(fn);
  else fn();
}

/** A field of a driver error, on it or on the errors it wraps (drizzle's wrapping), that `ok` accepts. */
function errorField(err: unknown, key: 'code' | 'constraint' | 'detail', ok: (v: string) => boolean = () => true) {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const v = (e as Record<string, unknown>)[key];
    if (typeof v === 'string' && ok(v)) return v;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The SQLSTATE of a driver error, looking through drizzle's wrapping. */
export const pgErrorCode = (err: unknown): string | undefined =>
  errorField(err, 'code', (code) => /^[0-9A-Z]{5}$/.test(code));

/** The constraint name of a unique/check violation, if any. */
export const pgConstraint = (err: unknown): string | undefined => errorField(err, 'constraint');

/** The DETAIL of a driver error (a raised exception's `detail`), looking through drizzle's wrapping. */
export const pgErrorDetail = (err: unknown): string | undefined => errorField(err, 'detail');
