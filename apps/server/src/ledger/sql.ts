import type { SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** The rows of a raw statement; both drivers answer `{ rows }`. bigint columns arrive as strings: cast in SQL. */
export async function rows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Parses a bigint that came back as text; amounts and ids are safe integers. */
export function int(value: unknown): number {
  return safeInteger(Number(value), value);
}

/** `n` when it is a safe integer; a RangeError naming `shown` otherwise. */
function safeInteger(n: number, shown: unknown = n): number {
  if (!Number.isSafeInteger(n)) throw new RangeError(`ledger: ${String(shown)} is not a safe integer`);
  return n;
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
