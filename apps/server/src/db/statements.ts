import { createHash } from 'node:crypto';

/**
 * Every statement with parameters that the app sends to PostgreSQL through node-postgres is prepared once per
 * connection under a name made from its text: PostgreSQL parses it once and, after five executions, keeps a generic
 * plan when it is as good as the custom ones (its own rule; JDBC and pgx prepare statements the same way). A customer's
 * read is a handful of statements looked up by key, and parsing and planning each one again was most of their
 * database time (a key lookup: about 0.1 ms parsed and planned, 0.01 ms executed; docs/decisions.md).
 *
 * Left as they are: a statement without parameters (a script of several statements, which a prepared statement cannot
 * hold), one named already, and a cursor or stream. A process names at most NAMED_STATEMENTS_MAX texts, so no
 * connection keeps an unbounded set of statements: any text past it runs unnamed.
 */
const NAMED_STATEMENTS_MAX = 2_000;
const statementNames = new Map<string, string>();

function nameOf(text: string): string | undefined {
  const known = statementNames.get(text);
  if (known || statementNames.size >= NAMED_STATEMENTS_MAX) return known;
  const name = `s_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
  statementNames.set(text, name);
  return name;
}

const ignore = () => undefined;

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };
type Querying = { query: (...args: unknown[]) => unknown };

/** Makes a node-postgres client name its statements with parameters (above). */
export function prepareByName(client: Querying): void {
  const query = client.query.bind(client);
  client.query = (config: unknown, ...rest: unknown[]) => {
    if (config !== null && typeof config === 'object') {
      const c = config as QueryConfig;
      const hasValues = Array.isArray(c.values) || Array.isArray(rest[0]);
      if (!c.name && !c.submit && hasValues && typeof c.text === 'string') {
        const name = nameOf(c.text);
        if (name) return query({ ...c, name }, ...rest);
      }
    }
    return query(config, ...rest);
  };
}

/**
 * Makes a node-postgres client send one statement at a time by itself: a statement asked for while another is in
 * flight (a `Promise.all` of reads inside one transaction, which holds one connection) waits for it here. node-postgres
 * queues such a statement itself today, but calls that deprecated and refuses it from pg@9. Only the promise form is
 * queued (what drizzle sends); a callback or a cursor goes straight on, as the pool's own one-statement checkouts do.
 */
export function oneAtATime(client: Querying): void {
  const query = client.query.bind(client);
  let tail: Promise<unknown> | null = null;
  client.query = (...args: unknown[]) => {
    const config = args[0] as QueryConfig | null;
    if (typeof args.at(-1) === 'function' || (config !== null && typeof config === 'object' && config.submit)) {
      return query(...args);
    }
    const send = () => query(...args) as Promise<unknown>;
    const result = tail === null ? send() : tail.then(send, send);
    const settled = result.then(ignore, ignore);
    tail = settled;
    void settled.then(() => {
      if (tail === settled) tail = null;
    });
    return result;
  };
}
