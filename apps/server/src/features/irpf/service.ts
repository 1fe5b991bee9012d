import { minorToDecimal } from '@prata/domain';
import type { AppDeps } from '@/deps';
import { checkYear, positionOf, yearOrders } from './facts';
import { customerName } from './repository/reads';
import { irpfWorkbook } from './workbook';

/** GET /api/irpf/position/{year} */
export async function position(deps: AppDeps, userId: number, year: number) {
  const p = await positionOf(deps.database.db, userId, checkYear(year));
  return {
    year: p.year,
    date: `${p.year}-12-31`,
    grams: minorToDecimal(p.custodyCg),
    average_cost_per_gram: minorToDecimal(p.averagePerGramCents),
    cost_amount: minorToDecimal(p.costAmountCents),
    bought_amount: minorToDecimal(p.boughtCents),
    sold_amount: minorToDecimal(p.soldCents),
    bought_grams: minorToDecimal(p.boughtCg),
    sold_grams: minorToDecimal(p.soldCg),
  };
}

/** GET /api/orders/export/{year}: the workbook and its file name. */
export async function exportYear(deps: AppDeps, userId: number, year: number) {
  const db = deps.database.db;
  const checked = checkYear(year);
  const [p, orders] = await Promise.all([positionOf(db, userId, checked), yearOrders(db, userId, checked)]);
  const name = await customerName(db, userId);
  return { data: await deps.renderPool.run(irpfWorkbook, [p, orders, name]), fileName: `prata-irpf-${year}.xlsx` };
}
