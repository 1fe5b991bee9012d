import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { brasiliaIsoDate, toMinorUnits, verifyReserveProof } from '@prata/domain';
import { bearer, buildTestApp, signIn, type TestApp } from '../../../test/helpers';
import { rows } from '@/db/sql';
import { seedDemo } from '@/seed/demo';
import { buildReserveDay, nextDay } from './build';
import { seedReservesDemo } from './index';
import { reservesSecret } from './salts';

let t: TestApp;
const tokens: Record<string, string> = {};
const DEMO = ['cliente@prata.dev', 'empresa@prata.dev'];

// the demo's seeds in boot.ts's order, the reserves' last: it must see all of the demo's ledger history
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.deps);
  await seedReservesDemo(t.app.deps);
  for (const email of DEMO) tokens[email] = await signIn(t, email, 'prata1234');
}, 300_000);

type Day = { day: string; version: number; root: string; customersCg: number };

async function days(): Promise<Day[]> {
  const pub = (await t.app.inject({ method: 'GET', url: '/api/reserves' })).json();
  return [pub.latest, ...pub.history];
}

describe('the demo proof of reserves', () => {
  it('has a version 2 proof of every day from the first transfer of the demo to today, with both demo customers', async () => {
    const [first] = await rows<{ at: string }>(t.database.db, sql`select min(created_at) as at from ledger_transfers`);
    const today = brasiliaIsoDate();
    const expected: string[] = [];
    for (let day = brasiliaIsoDate(new Date(first!.at)); day <= today; day = nextDay(day)) expected.push(day);
    expect(expected.length).toBeGreaterThan(300);

    const built = await rows<{ day: string; version: number; demo: number }>(
      t.database.db,
      sql`select to_char(d.day, 'YYYY-MM-DD') as day, d.version,
                 (select count(*)::int from reserve_leaves l join users u on u.id = l.user_id
                   where l.day = d.day and lower(u.email) in ('cliente@prata.dev', 'empresa@prata.dev')) as demo
            from reserve_days d order by d.day`,
    );
    expect(built.map((d) => d.day)).toEqual(expected);
    expect(built.filter((d) => d.version !== 2 || d.demo !== 2)).toEqual([]);
  });

  it("each demo customer's proof verifies against the published root and total, on the first, a middle and the last day", async () => {
    const published = await days();
    const sample = [published.at(-1)!, published[Math.floor(published.length / 2)]!, published[0]!];
    for (const email of DEMO) {
      for (const day of sample) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/reserves/proof?day=${day.day}`,
          headers: bearer(tokens[email]!),
        });
        expect(res.statusCode, `${email} ${day.day}`).toBe(200);
        const proof = res.json();
        expect(await verifyReserveProof(proof, { root: day.root, totalCg: day.customersCg })).toBe('ok');
      }
    }
  });

  it("today's proof (the latest) has each demo customer's available and reserved silver as the drawer shows them", async () => {
    for (const email of DEMO) {
      const headers = bearer(tokens[email]!);
      const proof = (await t.app.inject({ method: 'GET', url: '/api/reserves/proof', headers })).json();
      const { user } = (await t.app.inject({ method: 'GET', url: '/api/user', headers })).json();
      expect(proof.day).toBe(brasiliaIsoDate());
      expect([proof.availableCg, proof.reservedCg]).toEqual([
        toMinorUnits(user.balance_ag),
        toMinorUnits(user.balance_ag_held),
      ]);
    }
  });

  it('the days built at once give the same roots as the daily build of one day', async () => {
    const published = await days();
    const secret = await reservesSecret(t.app.deps, t.database.db);
    for (const day of [published[1]!, published[Math.floor(published.length / 3)]!, published.at(-1)!]) {
      const again = await buildReserveDay(t.database.db, { day: day.day, source: 'operator', secret });
      expect([again!.previousRoot, again!.proof.customersCg]).toEqual([day.root, day.customersCg]);
      expect(again!.proof.root).toBe(day.root);
    }
  });

  it('starting again builds nothing twice', async () => {
    const before = await rows<{ n: number }>(t.database.db, sql`select sum(builds)::int as n from reserve_days`);
    await seedReservesDemo(t.app.deps);
    const after = await rows<{ n: number }>(t.database.db, sql`select sum(builds)::int as n from reserve_days`);
    // only today so far is built again, as of the new start
    expect(after[0]!.n).toBe(before[0]!.n + 1);
  });
});
