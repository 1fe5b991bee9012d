import { depositLimitRefusal, minorToDecimal } from '@prata/domain';
import type { MoneySettings } from '../../config';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import { sumDepositedSince, tradingLimitCentsOf } from './repository/index';

/**
 * The limits on money in (issue 27), after Banco Central's Pix rules: a most per deposit, a most per period, and
 * (when configured) a lower most per deposit at night, 20h–6h in Brasília. A customer whose operators approved an
 * annual trading limit above the period's limit is in the higher tier: the period's limit becomes that approved
 * limit, and the per-deposit limit grows in the same proportion (the night limit does not: it is the payer's bank's
 * rule too). Everything here is centavos.
 */
export type DepositLimitFacts = {
  perDepositCents: number;
  nightPerDepositCents: number | null;
  perPeriodCents: number;
  periodDays: number;
  periodLeftCents: number;
  maxNowCents: number;
  tier: 'standard' | 'approved_limit';
};

type LimitSettings = MoneySettings['depositLimits'];

/** 20h–6h in Brasília (UTC−3 all year since 2019). */
export function isPixNight(now: Date): boolean {
  const hour = (now.getUTCHours() + 21) % 24;
  return hour >= 20 || hour < 6;
}

/** The limits for a customer with this approved trading limit and this much deposited in the period (pure). */
export function depositLimitsFor(
  settings: LimitSettings,
  tradingLimitCents: number,
  usedCents: number,
  now: Date,
): DepositLimitFacts {
  const raised = tradingLimitCents > settings.perPeriodCents;
  const perPeriodCents = raised ? tradingLimitCents : settings.perPeriodCents;
  // the per-deposit limit in the same proportion as the period's, rounded down to the centavo (bigint: no overflow)
  const perDepositCents = raised
    ? Number((BigInt(settings.perDepositCents) * BigInt(perPeriodCents)) / BigInt(settings.perPeriodCents))
    : settings.perDepositCents;
  const nightPerDepositCents =
    settings.nightPerDepositCents !== null && isPixNight(now) ? settings.nightPerDepositCents : null;
  const periodLeftCents = Math.max(0, perPeriodCents - usedCents);
  return {
    perDepositCents,
    nightPerDepositCents,
    perPeriodCents,
    periodDays: settings.periodDays,
    periodLeftCents,
    maxNowCents: Math.min(perDepositCents, nightPerDepositCents ?? perDepositCents, periodLeftCents),
    tier: raised ? 'approved_limit' : 'standard',
  };
}

/**
 * What counts against the period: the deposits of its days that brought money in or still may (approved, held,
 * pending and not expired), at what they credited or charged. Cancelled, expired, rejected and refunded ones do not.
 */
export async function depositedInPeriod(ex: Executor, userId: number, periodDays: number, now: Date) {
  const since = new Date(now.getTime() - periodDays * 86_400_000);
  return sumDepositedSince(ex, userId, since, now);
}

/** The customer's limits now, read from the database (the caller's transaction, or the database). */
export async function depositLimits(ex: Executor, settings: LimitSettings, userId: number, now = new Date()) {
  const tradingLimitCents = await tradingLimitCentsOf(ex, userId);
  const used = await depositedInPeriod(ex, userId, settings.periodDays, now);
  return depositLimitsFor(settings, tradingLimitCents, used, now);
}

/** The limits as GET /api/deposit answers them (reais). */
export const presentDepositLimits = (f: DepositLimitFacts) => ({
  maxNow: minorToDecimal(f.maxNowCents),
  perDeposit: minorToDecimal(f.perDepositCents),
  nightPerDeposit: f.nightPerDepositCents === null ? null : minorToDecimal(f.nightPerDepositCents),
  perPeriod: minorToDecimal(f.perPeriodCents),
  periodDays: f.periodDays,
  periodLeft: minorToDecimal(f.periodLeftCents),
  tier: f.tier,
});

/**
 * Refuses an amount above what the customer may deposit now, naming the limit that binds and what is left; on the
 * amount field, so the form shows it under the field. Nothing is written before or after.
 */
export function requireWithinDepositLimits(facts: DepositLimitFacts, amountCents: number, method: 'pix' | 'ted') {
  const refusal = depositLimitRefusal(facts, amountCents, method);
  if (refusal) throw new AppError('DEPOSIT_LIMIT_EXCEEDED', refusal, { amount: [refusal] });
}
