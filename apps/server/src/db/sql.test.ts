import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { Database } from './client';
import { integerArray, preparedRows, recordArray } from './sql';

/** The `r` column of a one-row statement. */
const callOne = async <T>(ex: Database['db'], text: string, name: string, values: unknown[]): Promise<T> =>
  (await preparedRows<{ r: T }>(ex, name, text, values))[0]!.r;

describe('recordArray and integerArray: literals PostgreSQL reads back as they were', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.execScript('create type record_literal_probe as (t text, n bigint, u text, at timestamptz)');
  });

  it('round-trips text with every character that quoting must carry, nulls, integers and times', async () => {
    const rows: Array<[string, number | null, string | null, string]> = [
      ['plain', 1, 'x', '2026-11-27T10:00:00.123Z'],
      ['with "quotes", (parentheses), {braces} and a comma', -5, null, '2026-01-01T00:00:00.000Z'],
      ['back\\slash \\" and \\\\ twice', Number.MAX_SAFE_INTEGER, '', '2026-11-27T10:00:00.000Z'],
      ['espaços  e acentuação: ção, R$ 1.234,56 — “aspas”', 0, ' leading and trailing ', '2026-11-27T23:59:59.999Z'],
      ['NULL', null, 'NULL', '2026-11-27T10:00:00.000Z'],
      ['', 7, '\n\t', '2026-11-27T10:00:00.000Z'],
    ];
    const back = await callOne<Array<{ t: string; n: string | null; u: string | null; at: string }>>(
      database.db,
      `select coalesce(json_agg(json_build_object('t', x.t, 'n', x.n::text, 'u', x.u, 'at',
         to_char(x.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by o), '[]') as r
         from unnest($1::record_literal_probe[]) with ordinality as x(t, n, u, at, o)`,
      'record_literal_probe',
      [recordArray(rows)],
    );
    expect(back).toEqual(rows.map(([t, n, u, at]) => ({ t, n: n === null ? null : String(n), u, at })));
  });

  it('an empty list is an empty array; integer arrays carry any safe integer', async () => {
    const r = await callOne<{ rows: number; ints: string }>(
      database.db,
      `select json_build_object('rows', cardinality($1::record_literal_probe[]), 'ints', $2::bigint[]::text) as r`,
      'record_literal_probe_empty',
      [recordArray([]), integerArray([0, -1, 42, Number.MAX_SAFE_INTEGER])],
    );
    expect(r).toEqual({ rows: 0, ints: `{0,-1,42,${Number.MAX_SAFE_INTEGER}}` });
  });

  it('refuses what is not a safe integer instead of writing it', () => {
    expect(() => recordArray([[1.5]])).toThrow(RangeError);
    expect(() => integerArray([2 ** 53])).toThrow(RangeError);
  });
});
