import { type AffiliateSettingsInput, MESSAGES, minorToDecimal } from '@prata/domain';
import type { Executor } from '@/db/client';
import { withTransaction } from '@/db/tx';
import type { AppDeps } from '@/deps';
import { writeAudit } from '@/lib/audit';
import { readAffiliateSettings, writeAffiliateSettings } from './repository';

export type AffiliateConfig = { rewardShareBps: number; validityYears: number };

/** The program's rule (one row, migration 0015): the share of the fee and the validity in years. */
export async function loadAffiliateSettings(db: Executor): Promise<AffiliateConfig> {
  const row = await readAffiliateSettings(db);
  return { rewardShareBps: row?.rewardShareBps ?? 2000, validityYears: row?.validityYears ?? 1 };
}

const presentSettings = (s: AffiliateConfig) => ({
  reward_share: minorToDecimal(s.rewardShareBps),
  validity_years: s.validityYears,
});

/** GET /api/admin/affiliates/settings */
export async function affiliateSettingsView(db: Executor) {
  return { settings: presentSettings(await loadAffiliateSettings(db)) };
}

/** PUT /api/admin/affiliates/settings: audited; applies to the rewards credited from now on. */
export async function updateAffiliateSettings(
  deps: AppDeps,
  staff: { userId: number; ip: string },
  input: AffiliateSettingsInput,
) {
  await withTransaction(deps.database.db, async (tx) => {
    const before = await loadAffiliateSettings(tx);
    await writeAffiliateSettings(tx, {
      rewardShareBps: input.reward_share_bps,
      validityYears: input.validity_years,
      updatedBy: staff.userId,
    });
    await writeAudit(tx, {
      actorUserId: staff.userId,
      action: 'affiliates.settings',
      targetType: 'affiliate_settings',
      targetId: 1,
      details: {
        reward_share_bps: { from: before.rewardShareBps, to: input.reward_share_bps },
        validity_years: { from: before.validityYears, to: input.validity_years },
      },
      ip: staff.ip,
    });
  });
  return { ...(await affiliateSettingsView(deps.database.db)), message: MESSAGES.affiliateSettingsSaved };
}
