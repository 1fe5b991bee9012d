import { beforeAll, describe, expect, it } from 'vitest';
import {
  approvedCustomer,
  buildTestApp,
  onPostgres,
  openSecondPool,
  skippedOnPglite,
  type TestApp,
} from '../../../test/helpers';
import { type UserRow, users } from '@/db/schema/index';
import { balanceOf, getBalances, post, reconcile } from '@/ledger/index';
import { eq } from 'drizzle-orm';
import { placeTransfer } from './index';

describe('200 concurrent transfers between the same two customers', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    if (!onPostgres) return;
    a = await buildTestApp();
    b = await buildTestApp({ database: await openSecondPool(a.database) });
  });

  it('on two instances, both ways and to unclaimed e-mails: silver is conserved, no balance below zero', async () => {
    if (!onPostgres) return skippedOnPglite('200 transferências concorrentes (a corrida precisa de PostgreSQL)');
    const ana = await approvedCustomer(a, { name: 'Ana Corrida' });
    const bia = await approvedCustomer(a, { name: 'Bia Corrida' });
    for (const [c, amount] of [
      [ana, 5_000],
      [bia, 3_000],
    ] as const) {
      await post(a.database.db, {
        id: `test:race:${c.id}`,
        debit: { system: 'vault' },
        credit: { customer: c.id, bucket: 'available' },
        currency: 'AG',
        amount,
        code: 'test.silver',
      });
    }
    const row = async (id: number) => (await a.database.db.select().from(users).where(eq(users.id, id)))[0] as UserRow;
    const [anaRow, biaRow] = [await row(ana.id), await row(bia.id)];
    const unclaimedBefore = await balanceOf(a.database.db, { system: 'transfer:unclaimed' }, 'AG');
    // 200 transfers of 50 cg: more than either balance can pay alone, so some are refused for want of silver
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => {
        const t = i % 2 ? a : b;
        const [from, to] = i % 3 === 0 ? [biaRow, anaRow] : [anaRow, biaRow];
        const destination =
          i % 10 === 0 ? { receiver: null, email: `corrida${i}@exemplo.com.br`, cpf: '52998224725' } : { receiver: to };
        return placeTransfer(t.app.deps, from, destination, 50, null);
      }),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    // each refusal is the want of silver; anything else is named (its message) so that a failure says what it was
    const reasons = refused.map((r) => {
      const reason = (r as PromiseRejectedResult).reason as { code?: string; message?: string };
      return reason.code ?? `sem código: ${reason.message}`;
    });
    expect(reasons.filter((code) => code !== 'INSUFFICIENT_BALANCE')).toEqual([]);
    const done = results.length - refused.length;
    expect(done).toBeGreaterThan(100);
    const [anaAg, biaAg] = [
      (await getBalances(a.database.db, ana.id)).AG,
      (await getBalances(a.database.db, bia.id)).AG,
    ];
    const unclaimed = (await balanceOf(a.database.db, { system: 'transfer:unclaimed' }, 'AG')) - unclaimedBefore;
    expect(anaAg.available).toBeGreaterThanOrEqual(0);
    expect(biaAg.available).toBeGreaterThanOrEqual(0);
    expect(anaAg.available + biaAg.available + unclaimed).toBe(8_000);
    expect((await reconcile(a.database.db)).problems).toEqual([]);
  });
});
