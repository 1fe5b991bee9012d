// The checkpoints a decade-old Prata has: the ledger's per-account sums at each month's end
// (ledger_account_months) and the IRPF's average cost at each month's end (irpf_cost_months) and a few minutes ago
// (irpf_cost_latest). In production their jobs build them as months close and every minute; on a generated decade
// they would catch up 24 months a run, and until then every statement and IRPF read would walk the whole history.
// Built here by the product's own builders, to the last closed month and to the running checkpoint's instant.
import { openDatabase } from '@/db/client';
import { buildCostLatest, buildCostMonths } from '@/features/irpf/index';
import { buildAccountMonths } from '@/ledger/index';
import type { Step } from './context';

/** The builders' runs, each until it builds nothing more (each month commits alone: a rerun goes on from the last). */
export const checkpoints: Step = {
  name: 'checkpoints',
  async run(ctx) {
    const database = await openDatabase({ url: ctx.url, poolSize: 3, statementTimeoutMs: 0 });
    let months = 0;
    try {
      // the ledger's months and the IRPF's read different tables: side by side, one connection each
      await Promise.all(
        [buildAccountMonths, buildCostMonths].map(async (build) => {
          for (let built = await build(database.db); built.length > 0; built = await build(database.db))
            months += built.length;
        }),
      );
      await buildCostLatest(database.db);
    } finally {
      await database.close();
    }
    return months;
  },
};
