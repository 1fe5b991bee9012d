import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import type { Database } from '@/db/client';
import { rows } from '@/db/sql';
import { cappedTotal, inKeyOrder, pageAnswer, readPage, readPageKeys, type ListQuery } from './paging';

type Probe = { id: number; owner: number; at: string };

/** Owner 1 has 40 rows in 4 distinct instants (10 ties each), owner 2 has 3, owner 3 none. */
const ROWS_OF_ONE = 40;
const PER_PAGE = 7;

const listOf = (owner: number): ListQuery => ({
  from: sql`paging_probe p where p.owner = ${owner}`,
  orderBy: sql`p.at desc, p.id desc`,
  key: sql`p.id`,
});

describe('paging: one page through the index and a capped total', () => {
  let database: Database;
  const pageOf = (owner: number, page: number, cap?: number) =>
    readPage<Probe>(
      database.db,
      listOf(owner),
      { page, perPage: PER_PAGE },
      (keys) =>
        sql`select p.id::int as id, p.owner::int as owner, p.at::text as at
              from ${keys} join paging_probe p on p.id = page_keys.key order by page_keys.n`,
      cap,
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.execScript(`
      create table paging_probe (id bigint primary key, owner bigint not null, at timestamptz not null);
      create index paging_probe_owner_at on paging_probe (owner, at desc, id desc);
      -- ids interleave the instants so that neither id nor insertion order alone gives the list's order
      insert into paging_probe (id, owner, at)
        select i, 1, timestamptz '2026-01-01' + ((i * 7) % 4) * interval '1 hour' from generate_series(1, ${ROWS_OF_ONE}) i;
      insert into paging_probe (id, owner, at) values (1001, 2, now()), (1002, 2, now()), (1003, 2, now());`);
  });

  it('pages follow each other with no gap or repeat under ties, newest first then id', async () => {
    const seen: Probe[] = [];
    for (let page = 1; page <= Math.ceil(ROWS_OF_ONE / PER_PAGE); page++) {
      const { found, total } = await pageOf(1, page);
      expect(total).toEqual({ total: ROWS_OF_ONE, capped: false });
      seen.push(...found);
    }
    const expected = await rows<Probe>(
      database.db,
      sql`select id::int as id, owner::int as owner, at::text as at from paging_probe where owner = 1
           order by at desc, id desc`,
    );
    expect(seen).toEqual(expected);
    expect(new Set(seen.map((r) => r.id)).size).toBe(ROWS_OF_ONE);
  });

  it('only the owner’s rows; a short list’s total is exact; past the end is empty with the total', async () => {
    const two = await pageOf(2, 1);
    expect(two.found.map((r) => r.id)).toEqual([1003, 1002, 1001]);
    expect(two.total).toEqual({ total: 3, capped: false });
    expect(await pageOf(3, 1)).toEqual({ found: [], total: { total: 0, capped: false } });
    expect(await pageOf(2, 5)).toEqual({ found: [], total: { total: 3, capped: false } });
  });

  it('past the cap the total is the cap and says so, and the answer carries total_capped', async () => {
    const first = await pageOf(1, 1, 25);
    expect(first.total).toEqual({ total: 25, capped: true });
    expect(pageAnswer(first.found, first.total, PER_PAGE)).toMatchObject({
      total: 25,
      per_page: PER_PAGE,
      total_capped: true,
    });
    expect(await cappedTotal(database.db, listOf(1), 40)).toEqual({ total: 40, capped: false });
    expect(await cappedTotal(database.db, listOf(1), 39)).toEqual({ total: 39, capped: true });
    // the last page, short, ends the list: its total is exact even past the cap
    const last = await pageOf(1, 6, 25);
    expect(last.found).toHaveLength(ROWS_OF_ONE - 5 * PER_PAGE);
    expect(last.total).toEqual({ total: ROWS_OF_ONE, capped: false });
    expect(pageAnswer([], { total: 3, capped: false }, PER_PAGE)).not.toHaveProperty('total_capped');
  });

  it('a list of two disjoint halves, each stopped at the rows the statement needs, pages as the whole would', async () => {
    const halves: ListQuery = {
      from: (needed) =>
        sql`((select id, at from paging_probe where owner = 1 and id % 2 = 0 order by at desc, id desc limit ${needed})
             union all
             (select id, at from paging_probe where owner = 1 and id % 2 = 1 order by at desc, id desc limit ${needed}))
            as halves`,
      orderBy: sql`halves.at desc, halves.id desc`,
      key: sql`halves.id`,
    };
    for (const page of [1, 2, 6]) {
      const whole = await readPageKeys(database.db, listOf(1), { page, perPage: PER_PAGE });
      expect(await readPageKeys(database.db, halves, { page, perPage: PER_PAGE })).toEqual(whole);
    }
    expect(await cappedTotal(database.db, halves, 25)).toEqual({ total: 25, capped: true });
    expect(await cappedTotal(database.db, halves)).toEqual({ total: ROWS_OF_ONE, capped: false });
  });

  it('a list found past the cap is not counted again for a while; exact totals always are', async () => {
    await database.execScript(`insert into paging_probe (id, owner, at)
      select 2000 + i, 4, now() from generate_series(1, 12) i;`);
    expect(await cappedTotal(database.db, listOf(4), 10)).toEqual({ total: 10, capped: true });
    await database.execScript('delete from paging_probe where owner = 4 and id > 2007;');
    // remembered: still past the cap, without counting (CAPPED_TOTAL_MEMO_MS)
    expect(await cappedTotal(database.db, listOf(4), 10)).toEqual({ total: 10, capped: true });
    // a transaction's connection has no memo: it counts
    await database.db.transaction(async (tx) => {
      expect(await cappedTotal(tx, listOf(4), 10)).toEqual({ total: 7, capped: false });
    });
    // an exact total is never remembered
    expect(await cappedTotal(database.db, listOf(2), 10)).toEqual({ total: 3, capped: false });
    await database.execScript(`insert into paging_probe (id, owner, at) values (1004, 2, now() - interval '1 day');`);
    expect(await cappedTotal(database.db, listOf(2), 10)).toEqual({ total: 4, capped: false });
    await database.execScript('delete from paging_probe where id = 1004;');
  });

  it('readPageKeys answers the same page as keys; inKeyOrder puts rows read in any order back in it', async () => {
    const { keys, total } = await readPageKeys(database.db, listOf(1), { page: 2, perPage: PER_PAGE });
    const { found } = await pageOf(1, 2);
    expect(keys).toEqual(found.map((r) => r.id));
    expect(total).toEqual({ total: ROWS_OF_ONE, capped: false });
    const shuffled = [...found].reverse();
    expect(inKeyOrder(shuffled, keys, (r) => r.id)).toEqual(found);
    expect(inKeyOrder(shuffled, [keys[0]!, 99_999], (r) => r.id)).toEqual([found[0]]);
  });
});
