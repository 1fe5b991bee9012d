import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { reconcile, reconcileFromCheckpoint, reconciliationCheckNames } from '@/ledger/index';
import { registerFeatureReconciliation } from './index';

describe("the features' reconciliation checks", () => {
  it('are registered once each, in the order of the report, however often the wiring runs', () => {
    registerFeatureReconciliation();
    registerFeatureReconciliation();
    expect(reconciliationCheckNames()).toEqual([
      'money.deposits',
      'money.withdrawals',
      'orders',
      'silver-withdrawals',
      'silver-transfers',
      'affiliates.rewards',
    ]);
  });

  it('from the checkpoint look at what changed since: a record broken before it is found by a full run only', async () => {
    registerFeatureReconciliation();
    const database = await createTestDatabase({ forThisTest: true });
    const run = (full = false) => reconcileFromCheckpoint(database.db, { full, graceMs: 0 });
    const strayTrade = (id: number, at: string) =>
      database.db.execute(
        sql`insert into trades (id, maker_order_id, taker_order_id, taker_side, price_cents, quantity_cg,
                                buyer_value_cents, seller_value_cents, buyer_fee_cents, buyer_iof_cents,
                                seller_fee_cents, seller_iof_cents, created_at)
            values (${id}, 900001, 900002, 'buy', 900, 100, 900, 900, 0, 0, 0, 0, ${at}::timestamptz)`,
      );
    const stray = (id: number) => `negócio ${id}: ordens inexistentes ou do mesmo lado`;
    // a trade naming orders that do not exist, written long before the checkpoint (a history dated back)
    await strayTrade(1, '2020-01-01T12:00:00Z');
    expect((await run())?.problems).toEqual([stray(1)]);
    expect((await run())?.full).toBe(true);
    const incremental = await run();
    expect(incremental).toMatchObject({ full: false, ok: true });
    expect((await reconcile(database.db)).problems).toEqual([stray(1)]);
    expect((await run(true))?.problems).toEqual([stray(1)]);
    // one written after the checkpoint is found by both
    await strayTrade(2, new Date().toISOString());
    expect((await run())?.problems).toEqual([stray(2)]);
    expect((await run(true))?.problems).toEqual([stray(1), stray(2)]);
    // the database is reconciled when the test ends: the stray trades go
    await database.db.execute(sql`delete from trades where id in (1, 2)`);
  });
});
