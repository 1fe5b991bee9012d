import { minorToDecimal } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { rows } from '../../db/sql';
import { checkYear, positionOf, yearOrders } from './facts';
import { buildWorkbook } from './workbook';

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
  const [who] = await rows<{ name: string }>(
    db,
    sql`select coalesce(c.razao_social, u.name) as name from users u left join companies c on c.user_id = u.id
         where u.id = ${userId}`,
  );
  return { data: await buildWorkbook(p, orders, who?.name ?? ''), fileName: `prata-irpf-${year}.xlsx` };
}
