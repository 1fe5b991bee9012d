// Integers read back from the database: bigint columns arrive as text (both drivers), amounts and ids are safe
// integers. Apart from db/sql.ts so that code which only reads a row's numbers imports no SQL helper.

/** Parses a bigint that came back as text; amounts and ids are safe integers. */
export function int(value: unknown): number {
  return safeInteger(Number(value), value);
}

/** `n` when it is a safe integer; a RangeError naming `shown` otherwise. */
export function safeInteger(n: number, shown: unknown = n): number {
  if (!Number.isSafeInteger(n)) throw new RangeError(`sql: ${String(shown)} is not a safe integer`);
  return n;
}
