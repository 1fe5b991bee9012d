// The monthly checkpoints a decade-old Prata has: the ledger's per-account sums at each month's end
// (ledger_account_months) and the IRPF's average cost (irpf_cost_months). In production their hourly jobs build them
// as months close; on a generated decade they would catch up 24 months an hour, and until then every statement and
// IRPF read would walk the whole history. Built here by the product's own builders, to the last closed month.
import { openDatabase } from '../../src/db/client';
import { buildCostMonths } from '../../src/features/irpf/index';
import { buildAccountMonths } from '../../src/ledger/index';
import type { Step } from './context';

/** The builders' runs, each until it builds nothing more (each month commits alone: a rerun goes on from the last). */
export const checkpoints: Step = {
  name: 'checkpoints',
  async run(ctx) {
    const database = await openDatabase({ url: ctx.url, poolSize: 2 });
    let months = 0;
    try {
      for (const build of [buildAccountMonths, buildCostMonths]) {
        for (let built = await build(database.db); built.length > 0; built = await build(database.db))
          months += built.length;
      }
    } finally {
      await database.close();
    }
    return months;
  },
};
