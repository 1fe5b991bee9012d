import { MESSAGES, type SilverSettingsInput, type SilverTaxRates, minorToDecimal } from '@prata/domain';
import type { Executor } from '@/db/client';
import { withTransaction } from '@/db/tx';
import { writeAudit } from '@/lib/audit';
import type { AppDeps } from '@/deps';
import {
  icmsRates,
  icmsRatesByState,
  readSilverSettingsRow,
  saveIcmsRate,
  updateSilverSettingsRow,
} from './repository/index';

export type SilverConfig = { originState: string; pixExpiryMinutes: number };

/** The company's state and the Pix window (one row, migration 0011). */
export async function loadSilverSettings(db: Executor): Promise<SilverConfig> {
  const row = await readSilverSettingsRow(db);
  return { originState: row?.originState ?? 'SP', pixExpiryMinutes: row?.pixExpiryMinutes ?? 30 };
}

/**
 * The ICMS rates of a sale from the origin state to `destination`: inside the state the destination's internal rate;
 * across states the interstate rate, and DIFAL the difference to the destination's internal rate. A state missing
 * from the table pays the origin's internal rate (fail closed: never a zero tax by omission).
 */
export async function taxRatesFor(db: Executor, origin: string, destination: string): Promise<SilverTaxRates> {
  const rates = await icmsRates(db);
  const byState = new Map(rates.map((r) => [r.state, r]));
  const dest = byState.get(destination) ?? byState.get(origin);
  const internal = dest?.internalRateBps ?? 1800;
  return {
    intrastate: origin === destination,
    internalRateBps: internal,
    interstateRateBps: dest?.interstateRateBps ?? internal,
  };
}

/** GET /api/admin/silver-settings */
export async function silverSettingsView(db: Executor) {
  const [settings, rates] = await Promise.all([loadSilverSettings(db), icmsRatesByState(db)]);
  return {
    origin_state: settings.originState,
    pix_expiry_minutes: settings.pixExpiryMinutes,
    icms: rates.map((r) => ({
      state: r.state,
      internal_rate: minorToDecimal(r.internalRateBps),
      interstate_rate: minorToDecimal(r.interstateRateBps),
    })),
  };
}

/** PUT /api/admin/silver-settings: the company's state, the Pix window and the ICMS rows sent (others unchanged). */
export async function updateSilverSettings(
  deps: AppDeps,
  staff: { userId: number; ip: string },
  input: SilverSettingsInput,
) {
  await withTransaction(deps.database.db, async (tx) => {
    await updateSilverSettingsRow(tx, {
      originState: input.origin_state,
      pixExpiryMinutes: input.pix_expiry_minutes,
      updatedBy: staff.userId,
      updatedAt: new Date(),
    });
    for (const r of input.icms) {
      await saveIcmsRate(tx, {
        state: r.state,
        internalRateBps: r.internal_rate_bps,
        interstateRateBps: r.interstate_rate_bps,
      });
    }
    await writeAudit(tx, {
      actorUserId: staff.userId,
      action: 'silver.settings',
      targetType: 'silver_settings',
      targetId: 1,
      details: { origin_state: input.origin_state, pix_expiry_minutes: input.pix_expiry_minutes, icms: input.icms },
      ip: staff.ip,
    });
  });
  return { settings: await silverSettingsView(deps.database.db), message: MESSAGES.silverSettingsSaved };
}
