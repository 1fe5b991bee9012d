import { createHmac, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  brasiliaIsoDate,
  lastClosedBrasiliaDay,
  leafHash,
  merkleLevels,
  proofPath,
  rootOf,
  sumLeaf,
  sumProofPath,
  sumRootOf,
  sumTreeLevels,
  toMinorUnits,
  verifyReserveProof,
} from '@prata/domain';
import {
  approvedCustomer,
  bearer,
  buildTestApp,
  type Customer,
  fundCustomer,
  type TestApp,
} from '../../../test/helpers';
import { rows } from '@/db/sql';
import { hold, requireOk } from '@/ledger/index';
import { buildReserveDay, startReservesJob } from './build';

const SECRET = 'reserves-test-secret-0123456789-abcdef';
const DAY_1 = '2021-03-10';
const DAY_2 = '2021-03-11';

let t: TestApp;
let ana: Customer;
let bia: Customer;

const proofOf = async (c: Customer, day?: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/reserves/proof${day ? `?day=${day}` : ''}`,
    headers: bearer(c.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

const summaryOf = async (day: string) => {
  const pub = (await t.app.inject({ method: 'GET', url: '/api/reserves' })).json();
  return [pub.latest, ...pub.history].find((d: { day: string }) => d.day === day);
};

beforeAll(async () => {
  t = await buildTestApp({ config: { reservesSaltSecret: SECRET } });
  ana = await approvedCustomer(t, { name: 'Ana Soma' });
  bia = await approvedCustomer(t, { name: 'Bia Soma' });
  await fundCustomer(t.database, ana.id, 'AG', 12_345);
  await fundCustomer(t.database, bia.id, 'AG', 50_000);
  // a withdrawal of bars in analysis reserves 3,45 g of Ana's silver: still hers, not available
  const id = `test-reserve:${randomUUID()}`;
  requireOk(
    await hold(t.database.db, {
      id,
      holder: { customer: ana.id },
      currency: 'AG',
      amount: 345,
      reason: 'test',
      reference: id,
    }),
  );
  const endsAt = new Date();
  for (const day of [DAY_1, DAY_2])
    await buildReserveDay(t.database.db, { day, source: 'daily', secret: SECRET, endsAt });
});

describe('proof of reserves v2 through the API', () => {
  it('the leaf says available + reserved = total; the published total is the root sum, split the same way', async () => {
    const proof = await proofOf(ana, DAY_2);
    expect(proof).toMatchObject({ version: 2, availableCg: 12_000, reservedCg: 345, centigrams: 12_345 });
    const day = await summaryOf(DAY_2);
    expect(day).toMatchObject({
      version: 2,
      customersCg: 62_345,
      customersAvailableCg: 62_000,
      customersReservedCg: 345,
    });
    expect(proof.rootSum).toBe(day.customersCg);
    expect(await verifyReserveProof(proof, { root: day.root, totalCg: day.customersCg })).toBe('ok');
    // the salt is HMAC(secret, day|id), and the secret is in no answer
    expect(proof.salt).toBe(createHmac('sha256', SECRET).update(`${DAY_2}|${ana.id}`).digest('hex'));
    expect(JSON.stringify(proof)).not.toContain(SECRET);
  });

  it('a tampered sibling sum, or a total other than the root sum, fails the verification', async () => {
    const proof = await proofOf(bia, DAY_2);
    const day = await summaryOf(DAY_2);
    const published = { root: day.root, totalCg: day.customersCg };
    const lowered = proof.path.map((s: { sum: number }, k: number) => (k === 0 ? { ...s, sum: s.sum - 345 } : s));
    expect(await verifyReserveProof({ ...proof, path: lowered }, published)).toBe('path');
    expect(await verifyReserveProof({ ...proof, rootSum: proof.rootSum - 345 }, published)).toBe('sum');
    expect(await verifyReserveProof(proof, { ...published, totalCg: published.totalCg - 345 })).toBe('published');
  });

  it("two days' proofs have different salts, and a proof of one day says nothing about another", async () => {
    const [ana1, ana2, bia2] = [await proofOf(ana, DAY_1), await proofOf(ana, DAY_2), await proofOf(bia, DAY_2)];
    expect(ana1.salt).not.toBe(ana2.salt);
    // the same balances on both days, yet another leaf: nobody can follow a customer's leaf from day to day
    expect([ana1.centigrams, ana2.centigrams]).toEqual([12_345, 12_345]);
    expect(ana1.leaf).not.toBe(ana2.leaf);
    // Bia's day-2 path shows her neighbour's leaf (Ana's). Whoever holds Ana's day-1 file (its salt and balances)
    // cannot recognise it, whatever balance they try: the day-1 salt opens nothing of day 2.
    const neighbour = bia2.path[0];
    expect(neighbour).toMatchObject({ hash: ana2.leaf, sum: 12_345 });
    for (let reserved = 0; reserved <= 400; reserved++) {
      const guess = await sumLeaf(DAY_2, ana1.salt, 12_345 - reserved, reserved);
      expect(guess.hash).not.toBe(neighbour.hash);
    }
  });

  it('orders the leaves by their hash each day', async () => {
    const list = await rows<{ day: string; position: number; leaf: string }>(
      t.database.db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, position, leaf from reserve_leaves
           where day in (${DAY_1}::date, ${DAY_2}::date) order by day, position`,
    );
    for (const day of [DAY_1, DAY_2]) {
      const leaves = list.filter((l) => l.day === day).map((l) => l.leaf);
      expect(leaves).toEqual([...leaves].sort());
    }
  });

  it('the leaf of today so far has the balances the drawer shows (GET /api/user)', async () => {
    await buildReserveDay(t.database.db, {
      day: brasiliaIsoDate(),
      source: 'operator',
      secret: SECRET,
      endsAt: new Date(),
    });
    const proof = await proofOf(ana);
    const { user } = (await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(ana.token) })).json();
    expect([proof.availableCg, proof.reservedCg]).toEqual([
      toMinorUnits(user.balance_ag),
      toMinorUnits(user.balance_ag_held),
    ]);
  });

  it('a day built as version 1 still answers its version 1 proof, which still verifies', async () => {
    const day = '2020-06-01';
    const salt = 'c'.repeat(64);
    await t.database.db.execute(sql`insert into reserve_salts (user_id, salt) values (${ana.id}, ${salt})`);
    const leaves = [await leafHash(day, salt, 700), await leafHash(day, 'd'.repeat(64), 300)];
    const root = rootOf(await merkleLevels(leaves));
    await t.database.db.execute(
      sql`insert into reserve_days (day, ends_at, root, customer_count, customers_cg, unclaimed_cg, bars_cg, source)
          values (${day}::date, now(), ${root}, 2, 1000, 0, 0, 'daily')`,
    );
    await t.database.db.execute(
      sql`insert into reserve_leaves (day, position, user_id, centigrams, leaf)
          values (${day}::date, 0, ${ana.id}, 700, ${leaves[0]}), (${day}::date, 1, ${bia.id}, 300, ${leaves[1]})`,
    );
    const proof = await proofOf(ana, day);
    expect(proof).toMatchObject({
      version: 1,
      salt,
      centigrams: 700,
      root,
      path: proofPath(await merkleLevels(leaves), 0),
    });
    expect(await verifyReserveProof(proof, { root, totalCg: 1000 })).toBe('ok');
    expect((await summaryOf(day)).version).toBe(1);
  });
});

describe("a proof at scale: the leaf's block and the stored levels above it", () => {
  it("a day of 700 leaves: the first proof stores the levels, every proof is the whole tree's path", async () => {
    const day = '2020-07-01';
    const others = await rows<{ id: number }>(
      t.database.db,
      sql`insert into users (name, email, password_hash, account_type)
          select 'Folha ' || g, 'folha-' || g || '-' || ${randomUUID()} || '@example.com', 'x', 'individual'
            from generate_series(1, 698) g
          returning id::int as id`,
    );
    const salt = (id: number) => createHmac('sha256', SECRET).update(`${day}|${id}`).digest('hex');
    const mine = [
      { id: ana.id, node: await sumLeaf(day, salt(ana.id), 1_000, 234) },
      { id: bia.id, node: await sumLeaf(day, salt(bia.id), 77, 0) },
    ];
    const filler = await Promise.all(
      others.map(async (u, k) => ({ id: u.id, node: await sumLeaf(day, salt(u.id), 10 + k, 0) })),
    );
    // Ana in the last block (positions 512 to 699, not full), Bia in the first
    const all = [...filler];
    all.splice(10, 0, mine[1]!);
    all.splice(650, 0, mine[0]!);
    const levels = await sumTreeLevels(all.map((l) => l.node));
    const root = sumRootOf(levels);
    await t.database.db.execute(
      sql`insert into reserve_days (day, ends_at, root, customer_count, customers_cg, customers_available_cg,
                                    customers_reserved_cg, unclaimed_cg, bars_cg, source, version)
          values (${day}::date, now(), ${root.hash}, ${all.length}, ${root.sum}, ${root.sum - 234}, 234, 0, 0, 'daily', 2)`,
    );
    await t.database.db.execute(
      sql`insert into reserve_leaves (day, position, user_id, centigrams, available_cg, reserved_cg, leaf)
          select ${day}::date, x.n - 1, x.id, x.cg, x.cg - x.reserved, x.reserved, x.leaf
            from unnest(${sql.param(all.map((l) => l.id))}::bigint[], ${sql.param(all.map((l) => l.node.sum))}::bigint[],
                        ${sql.param(all.map((l) => (l.id === ana.id ? 234 : 0)))}::bigint[],
                        ${sql.param(all.map((l) => l.node.hash))}::text[]) with ordinality as x(id, cg, reserved, leaf, n)`,
    );
    const stored = async () =>
      (
        await rows<{ level: number }>(
          t.database.db,
          sql`select level from reserve_tree_levels where day = ${day}::date order by level`,
        )
      ).map((r) => r.level);
    expect(await stored()).toEqual([]);
    const published = { root: root.hash, totalCg: root.sum };
    const first = await proofOf(ana, day);
    expect(first.path).toEqual(sumProofPath(levels, 650));
    expect(await verifyReserveProof(first, published)).toBe('ok');
    // the levels of 700 leaves from 4 up, below the root: 44, 22, 11, 6, 3 and 2 nodes
    expect(await stored()).toEqual([4, 5, 6, 7, 8, 9]);
    for (const [c, position] of [
      [ana, 650],
      [bia, 10],
    ] as const) {
      const proof = await proofOf(c, day);
      expect(proof.path).toEqual(sumProofPath(levels, position));
      expect(await verifyReserveProof(proof, published)).toBe('ok');
    }
    // the levels from 7 up are read once and kept in memory: a later change of them in the database is not read again
    await t.database.db.execute(
      sql`update reserve_tree_levels set sums = overlay(sums placing int8send(1) from 1 for 8)
           where day = ${day}::date and level = 9`,
    );
    const fromMemory = await proofOf(ana, day);
    expect(await verifyReserveProof(fromMemory, published)).toBe('ok');
    // a stored node below them that does not climb to the published root is never handed out (Ana's sibling at level
    // 5: node 21, beside her 650 >> 5 = 20)
    await t.database.db.execute(
      sql`update reserve_tree_levels set sums = overlay(sums placing int8send(1) from ${21 * 8 + 1} for 8)
           where day = ${day}::date and level = 5`,
    );
    const broken = await t.app.inject({
      method: 'GET',
      url: `/api/reserves/proof?day=${day}`,
      headers: bearer(ana.token),
    });
    expect(broken.statusCode).toBe(500);
    expect(broken.json().path).toBeUndefined();
  });
});

describe('the daily job', () => {
  it('builds the day that ended as soon as it starts, not one interval later', async () => {
    const fresh = await buildTestApp();
    const stop = startReservesJob(fresh.app.deps, 3_600_000);
    try {
      const yesterday = lastClosedBrasiliaDay(new Date(Date.now() - 5 * 60_000));
      let built: Array<{ day: string }> = [];
      for (let i = 0; i < 100 && built.length === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
        built = await rows(fresh.database.db, sql`select to_char(day, 'YYYY-MM-DD') as day from reserve_days`);
      }
      expect(built).toEqual([{ day: yesterday }]);
      // the salt key was generated and kept, never configured
      const [kept] = await rows<{ n: number }>(
        fresh.database.db,
        sql`select count(*)::int as n from app_settings where key = 'reserves_salt_secret'`,
      );
      expect(kept!.n).toBe(1);
    } finally {
      stop();
    }
  });
});
