import type { SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** The rows of a raw statement; both drivers answer `{ rows }`. bigint columns arrive as strings: cast in SQL. */
export async function rows<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result = (await ex.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Parses a bigint that came back as text; amounts and ids are safe integers. */
export function int(value: unknown): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`ledger: ${String(value)} is not a safe integer`);
  return n;
}
