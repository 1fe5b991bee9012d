import { asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { silverIcmsRates, silverSettings } from '@/db/schema/index';

type IcmsRate = typeof silverIcmsRates.$inferInsert;

/** The one row of the silver settings (migration 0011), or undefined. */
export async function readSilverSettingsRow(db: Executor) {
  const [row] = await db.select().from(silverSettings).limit(1);
  return row;
}

/** Every state's ICMS rates, in no particular order. */
export function icmsRates(db: Executor) {
  return db.select().from(silverIcmsRates);
}

/** Every state's ICMS rates, by state. */
export function icmsRatesByState(db: Executor) {
  return db.select().from(silverIcmsRates).orderBy(asc(silverIcmsRates.state));
}

/** Changes the silver settings' row. */
export async function updateSilverSettingsRow(
  tx: Executor,
  changes: Partial<Omit<typeof silverSettings.$inferInsert, 'id'>>,
): Promise<void> {
  await tx.update(silverSettings).set(changes).where(eq(silverSettings.id, 1));
}

/** One state's ICMS rates, inserted or replaced. */
export async function saveIcmsRate(tx: Executor, rate: IcmsRate): Promise<void> {
  await tx
    .insert(silverIcmsRates)
    .values(rate)
    .onConflictDoUpdate({
      target: silverIcmsRates.state,
      set: { internalRateBps: rate.internalRateBps, interstateRateBps: rate.interstateRateBps },
    });
}
