import { formatBRL, MESSAGES, minorToDecimal } from '@prata/domain';
import type { MoneySettings } from '@/config';
import type { Executor } from '@/db/client';
import type { DepositRow } from '@/db/rows';
import { pgErrorCode, pgErrorDetail } from '@/db/tx';
import { AppError } from '@/lib/errors';
import { insertDepositRow, moneyInAdmissionJson, upsertMoneyInSettings } from './repository/index';

/**
 * The gate for money coming in (docs/decisions.md "One gate for money in"). Every path that asks a payment provider
 * to collect money for a customer's balance (a Pix deposit, a TED, each Pix Automático charge of a saving plan and
 * the plan that promises them) writes a pending row of `deposits`, and only through `insertPendingDeposit` here. The
 * rule itself is one SQL function, `money_in_admission` (db/functions/money_in_admission.sql): the per-charge limit
 * (higher tier: the approved trading limit), the night limit for a Pix made now, the period's limit and the cap on
 * pending Pix charges. A trigger calls it on every pending row written, under the customer's row lock, and refuses
 * (PM001) what breaks it; this module calls the same function to show the limits, to refuse before a charge is asked
 * of the provider, and to turn the trigger's refusal into the customer's message.
 */

type MoneyInRefusal = 'pending' | 'per_deposit' | 'night' | 'period';

/** What `money_in_admission` answers, centavos. */
export type MoneyInFacts = {
  perDepositCents: number;
  /** the night limit when it is night now and one is configured; null otherwise */
  nightPerDepositCents: number | null;
  perPeriodCents: number;
  periodDays: number;
  periodLeftCents: number;
  maxNowCents: number;
  tier: 'standard' | 'approved_limit';
  pending: number;
  pendingMax: number;
  refusal: MoneyInRefusal | null;
};

/** A charge asking to come in: a Pix the payer makes now, a TED, or a Pix Automático debit on its due date. */
export type MoneyIn = { userId: number; method: 'pix' | 'ted'; scheduledDebit?: boolean; amountCents: number };

/** The SQLSTATE the admission trigger raises (detail: the facts, as JSON). */
const REFUSED = 'PM001';

type RawFacts = {
  per_deposit_cents: number;
  night_per_deposit_cents: number | null;
  per_period_cents: number;
  period_days: number;
  period_left_cents: number;
  max_now_cents: number;
  tier: MoneyInFacts['tier'];
  pending: number;
  pending_max: number;
  refusal: MoneyInRefusal | null;
};

const factsOf = (raw: RawFacts): MoneyInFacts => ({
  perDepositCents: raw.per_deposit_cents,
  nightPerDepositCents: raw.night_per_deposit_cents,
  perPeriodCents: raw.per_period_cents,
  periodDays: raw.period_days,
  periodLeftCents: raw.period_left_cents,
  maxNowCents: raw.max_now_cents,
  tier: raw.tier,
  pending: raw.pending,
  pendingMax: raw.pending_max,
  refusal: raw.refusal,
});

/**
 * The admission's answer for this charge now (the caller's transaction, or the database), without a lock: what the
 * screen shows (amount 0) and the refusal before a provider is asked for a charge. The trigger decides again, locked.
 */
export async function moneyInFacts(ex: Executor, charge: MoneyIn, now: Date | null = null): Promise<MoneyInFacts> {
  const facts = await moneyInAdmissionJson(
    ex,
    {
      userId: charge.userId,
      method: charge.method,
      scheduledDebit: charge.scheduledDebit ?? false,
      amountCents: charge.amountCents,
    },
    now,
  );
  return factsOf(JSON.parse(facts) as RawFacts);
}

/** The customer's limits now, as GET /api/deposit shows them (a Pix made now). */
export const depositLimits = (ex: Executor, userId: number) =>
  moneyInFacts(ex, { userId, method: 'pix', amountCents: 0 });

/** The limits as GET /api/deposit answers them (reais). */
export const presentDepositLimits = (f: MoneyInFacts) => ({
  maxNow: minorToDecimal(f.maxNowCents),
  perDeposit: minorToDecimal(f.perDepositCents),
  nightPerDeposit: f.nightPerDepositCents === null ? null : minorToDecimal(f.nightPerDepositCents),
  perPeriod: minorToDecimal(f.perPeriodCents),
  periodDays: f.periodDays,
  periodLeft: minorToDecimal(f.periodLeftCents),
  tier: f.tier,
});

/** The refusal in the spec's words: the limit that binds and what is left of it; null when the charge fits. */
export function refusalMessage(f: MoneyInFacts): string | null {
  switch (f.refusal) {
    case null:
      return null;
    case 'pending':
      return MESSAGES.pendingDepositsLimit(f.pendingMax);
    case 'per_deposit':
      return MESSAGES.depositAbovePerDeposit(formatBRL(f.perDepositCents));
    case 'night':
      return MESSAGES.depositAboveNight(formatBRL(f.nightPerDepositCents ?? 0));
    case 'period':
      return MESSAGES.depositAbovePeriod(formatBRL(f.perPeriodCents), f.periodDays, formatBRL(f.periodLeftCents));
  }
}

/**
 * How a feature says why a deposit limit applies to it (a saving plan's charge), from the deposit's words and the
 * facts; the deposit's own words by default.
 */
export type Wording = (refusal: string, facts: MoneyInFacts) => string;
const asIs: Wording = (refusal) => refusal;

/**
 * The refusal as the error answered: PENDING_DEPOSITS_LIMIT, or DEPOSIT_LIMIT_EXCEEDED on the amount field (the form
 * shows it under the field) with `max_amount`, the most this charge may be now (reais); null when the charge fits.
 */
function refusalError(f: MoneyInFacts, wording: Wording = asIs): AppError | null {
  const message = refusalMessage(f);
  if (message === null) return null;
  const said = wording(message, f);
  if (f.refusal === 'pending') return new AppError('PENDING_DEPOSITS_LIMIT', said);
  return new AppError(
    'DEPOSIT_LIMIT_EXCEEDED',
    said,
    { amount: [said] },
    { max_amount: minorToDecimal(f.maxNowCents) },
  );
}

/** The error a charge would be refused with now (before a provider is asked for it), or null; writes nothing. */
export async function moneyInRefusal(ex: Executor, charge: MoneyIn, wording: Wording = asIs) {
  return refusalError(await moneyInFacts(ex, charge), wording);
}

/**
 * The admission trigger's refusal of a write, as the customer's error (in `wording`); undefined for any other error.
 */
function admissionRefusal(err: unknown, wording: Wording = asIs): AppError | undefined {
  if (pgErrorCode(err) !== REFUSED) return undefined;
  return refusalError(factsOf(JSON.parse(pgErrorDetail(err) ?? '{}') as RawFacts), wording) ?? undefined;
}

/** Refuses a charge the admission refuses now (before a provider is asked for it); nothing is written. */
export async function requireMoneyInAdmitted(ex: Executor, charge: MoneyIn): Promise<void> {
  const refused = await moneyInRefusal(ex, charge);
  if (refused) throw refused;
}

/**
 * Writes a pending inbound charge, the one way to (the caller's transaction): the trigger admits it under the
 * customer's lock or refuses it, and a refusal is thrown as the customer's error. Nothing else inserts deposits.
 */
export async function insertPendingDeposit(
  tx: Executor,
  values: Parameters<typeof insertDepositRow>[1],
  wording: Wording = asIs,
): Promise<DepositRow> {
  try {
    return await insertDepositRow(tx, values);
  } catch (err) {
    throw admissionRefusal(err, wording) ?? err;
  }
}

/**
 * The limits of the configuration, where the admission reads them: written by every instance as it starts (boot.ts,
 * after the migrations; building the app reads and writes no data). Until then the migration's row holds the defaults.
 */
export async function writeMoneyInSettings(ex: Executor, money: MoneySettings): Promise<void> {
  const l = money.depositLimits;
  await upsertMoneyInSettings(ex, {
    perDepositCents: l.perDepositCents,
    perPeriodCents: l.perPeriodCents,
    periodDays: l.periodDays,
    nightPerDepositCents: l.nightPerDepositCents,
    pendingPixMax: money.maxPendingPixDeposits,
  });
}
