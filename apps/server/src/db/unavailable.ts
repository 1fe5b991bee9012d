import { pgErrorCode } from './tx';

/**
 * Errors that say the database is away rather than that a request was wrong: the server stopped or restarts
 * (SQLSTATE 57P01-57P03), a connection failed or dropped (class 08, the socket's codes), the pool gave up waiting for a
 * connection, or too many clients. The API answers them 503 DATABASE_UNAVAILABLE (plugins/errors.ts), never 500; the
 * pool's wait for a free connection (isPoolBusy) 503 SERVER_BUSY.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /client was closed and is not queryable/i,
];

/** How deep a chain of causes is followed (an ORM wraps the driver's error in its own). */
const MAX_CAUSES = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08'))) {
      return true;
    }
    if (MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : ''))) return true;
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = current.cause;
  }
  return false;
}

/** node-postgres' pool waited connectTimeoutMs for one of its connections to be free (pg-pool's queue, not a connect). */
const POOL_QUEUE_TIMEOUT = /^timeout exceeded when trying to connect$/;

/**
 * The pool's every connection stayed busy past the request's wait: the database answers (a connect that fails or hangs
 * is another error, "Connection terminated due to connection timeout"), the instance is past its load.
 */
export function isPoolBusy(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSES && current instanceof Error; depth++) {
    if (POOL_QUEUE_TIMEOUT.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/**
 * PostgreSQL cancelled a statement (57014): it ran past its pool's `statement_timeout` (db/client.ts), its waits for
 * locks included, or an operator cancelled it. The API answers 503 DATABASE_TIMEOUT.
 */
export const isStatementTimeout = (error: unknown): boolean => pgErrorCode(error) === '57014';
