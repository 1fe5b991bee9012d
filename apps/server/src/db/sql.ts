import type { SQL } from 'drizzle-orm';
import pg from 'pg';
import type { Executor } from './client';
import { safeInteger } from './integers';

// `int` is integers.ts's; the ledger reads it from here with the rest
export { int } from './integers';

// Raw SQL helpers shared by the ledger and the features: rows of a statement, prepared statements, and the array
// literals the batch functions take (docs/ledger.md, "A planned batch").

/** The rows of a raw statement; both drivers answer `{ rows }`. bigint columns arrive as strings: cast in SQL. */
export async function rows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A field of a row literal: text, a safe integer, a time (written as its ISO text), or null. */
export type RecordField = string | number | null;

/** Text that needs no quoting in a row literal: not empty, and none of `"`, `\\`, `(`, `)`, `,` or white space. */
const BARE_FIELD = /^[^"\\(),\s]+$/;
/** What must be escaped inside a quoted element or field: double quotes and backslashes. */
const ESCAPED = /["\\]/g;

/**
 * A PostgreSQL array literal of row literals, for a parameter cast to an array of a composite type
 * (`$1::ledger_plan_transfer[]`, migration 0023): each row's fields in the type's order. Text is written bare when
 * it can be (ids, codes, times: the usual case) and quoted otherwise, so any character goes through; null is an empty
 * field; numbers must be safe integers. Read by PostgreSQL's array_in and record_in, about three times cheaper for
 * it than the same rows as JSON objects. Written with plain concatenation: it runs for every row of every batch.
 */
export function recordArray(rows: ReadonlyArray<ReadonlyArray<RecordField>>): string {
  let out = '{';
  for (let r = 0; r < rows.length; r++) {
    const fields = rows[r]!;
    let row = '(';
    let quotedInside = false;
    for (let i = 0; i < fields.length; i++) {
      if (i > 0) row += ',';
      const f = fields[i]!;
      if (f === null) continue;
      if (typeof f === 'number') {
        row += safeInteger(f);
      } else if (BARE_FIELD.test(f)) {
        row += f;
      } else {
        row += `"${f.replace(ESCAPED, '\\$&')}"`;
        quotedInside = true;
      }
    }
    row += ')';
    // the row is one element of the array: quoted (it holds commas), its own quotes and backslashes escaped
    out += `${r > 0 ? ',' : ''}"${quotedInside ? row.replace(ESCAPED, '\\$&') : row}"`;
  }
  return `${out}}`;
}

/** A PostgreSQL array literal of safe integers, for a `$1::bigint[]` parameter. */
export function integerArray(values: readonly number[]): string {
  for (const v of values) safeInteger(v);
  return `{${values.join(',')}}`;
}

type Client = { query: (...args: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }> };

/** The driver's client under drizzle's handle: a pool or a pool client (node-postgres), or PGlite. */
export function clientOf(ex: Executor): Client {
  const client = (ex as unknown as { session?: { client?: Client } }).session?.client;
  if (!client) throw new Error('sql: no database client under this executor');
  return client;
}

/** Whether `client` is node-postgres's (it prepares named statements); PGlite runs each text as it is. */
export const preparesStatements = (client: Client): boolean => client instanceof pg.Pool || client instanceof pg.Client;

/**
 * The rows of one statement, prepared once per connection on node-postgres under `name` (no parsing and planning per
 * call: the matcher's reads of every batch); PGlite runs it as it is.
 */
export async function preparedRows<T>(ex: Executor, name: string, text: string, values: unknown[]): Promise<T[]> {
  const client = clientOf(ex);
  const result = preparesStatements(client)
    ? await client.query({ name, text, values })
    : await client.query(text, values);
  return result.rows as T[];
}
