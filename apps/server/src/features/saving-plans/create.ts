import {
  brasiliaIsoDate,
  type CreateSavingPlanInput,
  formatBRL,
  isoToBrDate,
  MESSAGES,
  SAVING_PLANS_MAX,
} from '@prata/domain';
import { brCodeQrPngBase64 } from '@/adapters/payments/index';
import type { AppDeps } from '@/deps';
import type { UserRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { AppError } from '@/lib/errors';
import { logFailure, loggedAs } from '@/lib/log-failure';
import { moneyInRefusal, payerOf, recordChargeDeposit, type Wording } from '@/features/money/index';
import { savingClock } from './clock';
import * as repo from './repository';
import { nextRunDate } from './schedule';
import { presentPlans } from './service';

// A new plan (POST /api/saving-plans): its checks under the customer's lock, and by Pix Automático the provider's
// authorisation and the first charge, admitted by the limits on money in like any deposit.

/**
 * A plan refused by the limits on money in: why a deposit limit applies to it, and what is left of the period when
 * the refusal does not say it (the plan's form shows no limits before the amount is typed).
 */
const planWording: Wording = (refusal, f) =>
  MESSAGES.savingPlanDepositLimit(
    refusal,
    f.refusal === 'per_deposit' || f.refusal === 'night'
      ? MESSAGES.depositAbovePeriod(formatBRL(f.perPeriodCents), f.periodDays, formatBRL(f.periodLeftCents))
      : null,
  );

/** The Brasília date a plan's first run belongs to (its first due date from today); null when it ends before. */
function firstPeriod(input: CreateSavingPlanInput, today: string): string | null {
  return nextRunDate(
    {
      frequency: input.frequency,
      weekday: input.frequency === 'weekly' ? (input.weekday ?? null) : null,
      monthDay: input.frequency === 'monthly' ? (input.month_day ?? null) : null,
      startDate: today,
      endDate: input.end_date,
    },
    today,
    null,
  );
}

/** The end date, before today or before the first run, is refused on its field. */
function requireEndAfterFirstRun(input: CreateSavingPlanInput, today: string): string {
  const invalid = (message: string) => new AppError('VALIDATION_FAILED', message, { end_date: [message] });
  if (input.end_date !== null && input.end_date < today) throw invalid(MESSAGES.savingEndDateInvalid);
  const first = firstPeriod(input, today);
  if (first === null) {
    const unbounded = firstPeriod({ ...input, end_date: null }, today)!;
    throw invalid(MESSAGES.savingFirstRunAfterEnd(isoToBrDate(unbounded)));
  }
  return first;
}

/**
 * The plan's row, under the customer's lock: at most SAVING_PLANS_MAX live plans, and a Pix Automático plan whose
 * first charge the limits on money in would refuse now is refused with them (DEPOSIT_LIMIT_EXCEEDED on the amount,
 * with what is left), before any provider is asked. The charge itself is admitted again where it is written.
 */
async function insertPlanChecked(deps: AppDeps, user: UserRow, input: CreateSavingPlanInput, today: string) {
  const pix = input.payment_method === 'pix_automatico';
  return withTransaction(deps.database.db, async (tx) => {
    await repo.lockCustomer(tx, user.id);
    if ((await repo.countLivePlans(tx, user.id)) >= SAVING_PLANS_MAX)
      throw new AppError('LIST_LIMIT_REACHED', MESSAGES.savingPlansLimit(SAVING_PLANS_MAX));
    if (pix) {
      const charge = { userId: user.id, method: 'pix' as const, amountCents: input.amount_cents };
      const refused = await moneyInRefusal(tx, charge, planWording);
      if (refused) throw refused;
    }
    const created = await repo.insertPlan(tx, {
      userId: user.id,
      amountCents: input.amount_cents,
      frequency: input.frequency,
      weekday: input.frequency === 'weekly' ? (input.weekday ?? null) : null,
      monthDay: input.frequency === 'monthly' ? (input.month_day ?? null) : null,
      startDate: today,
      endDate: input.end_date,
      paymentMethod: input.payment_method,
      status: pix ? 'awaiting_authorization' : 'active',
    });
    await logEvent(tx, user.id, `Poupança automática de ${formatBRL(input.amount_cents)} criada`);
    return created;
  });
}

/**
 * POST /api/saving-plans. From the balance: active at once, the first run on the first due date from today. By Pix
 * Automático: the provider's authorisation with its first charge (Journey 3); that charge pays the plan's first run,
 * the one of the current period (its first due date from today: a "todo dia 5" plan paid on 01/12 bought 05/12's and
 * next charges on 05/01), a pending deposit like any other, and paying it activates the plan.
 */
export async function createPlan(deps: AppDeps, user: UserRow, input: CreateSavingPlanInput) {
  const db = deps.database.db;
  const today = brasiliaIsoDate(savingClock.now());
  const period = requireEndAfterFirstRun(input, today);
  const plan = await insertPlanChecked(deps, user, input, today);
  if (plan.paymentMethod === 'balance') {
    const [shown] = await presentPlans(db, [plan]);
    const firstRun = period === today ? 'hoje' : isoToBrDate(period);
    return { plan: shown!, pix_qr_code: null, message: MESSAGES.savingPlanCreated(firstRun) };
  }
  const authorization = await authorize(deps, user, plan, today);
  try {
    await withTransaction(db, async (tx) => {
      await repo.setAuthorization(tx, plan.id, authorization.authorizationId, authorization.pixCopiaECola);
      const run = await repo.claimRun(tx, {
        planId: plan.id,
        period,
        status: 'awaiting_payment',
        amountCents: plan.amountCents,
      });
      const deposit = await recordChargeDeposit(
        tx,
        {
          userId: user.id,
          amountCents: plan.amountCents,
          paymentId: authorization.firstPaymentId,
          reference: `saving-run:${run!.id}`,
          pixCopiaECola: authorization.pixCopiaECola,
          // the first code is scanned by the payer: it expires like a deposit's, and the plan with it (repository.ts)
          pixExpiresAt: new Date(Date.now() + deps.config.money.pixChargeTtlMinutes * 60_000),
        },
        planWording,
      );
      await repo.setRunPayment(tx, run!.id, deposit.id, authorization.firstPaymentId);
    });
  } catch (err) {
    // the limits refused the first charge after all (another charge came in meanwhile), or the database failed: the
    // plan ends cancelled with why, and nothing is left to pay at the provider
    await withdrawAuthorization(deps, plan, authorization, err);
    throw err;
  }
  const fresh = (await repo.findPlan(db, plan.id, user.id))!;
  const [shown] = await presentPlans(db, [fresh]);
  return {
    plan: shown!,
    pix_qr_code: await brCodeQrPngBase64(authorization.pixCopiaECola),
    message: MESSAGES.savingPlanAwaitingPix,
  };
}

/** The provider's authorisation and first charge; a provider that does not answer leaves the plan cancelled (503). */
async function authorize(deps: AppDeps, user: UserRow, plan: repo.PlanRow, today: string) {
  try {
    return await deps.adapters.payments.createRecurringAuthorization({
      reference: `saving-plan:${plan.id}`,
      customer: await payerOf(deps.database.db, user),
      amountCents: plan.amountCents,
      frequency: plan.frequency === 'weekly' ? 'WEEKLY' : 'MONTHLY',
      startDate: today,
      endDate: plan.endDate,
      description: `Poupança Prata ${formatBRL(plan.amountCents)}`.slice(0, 35),
    });
  } catch (err) {
    // the provider's own words go to the log, not to the customer (they may name our account)
    logFailure(`saving plans: the payment provider refused or did not answer plan ${plan.id}'s authorisation`, err);
    await repo.changeStatus(deps.database.db, plan.id, ['awaiting_authorization'], 'cancelled');
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', MESSAGES.paymentProviderUnavailable);
  }
}

/**
 * A plan whose first charge could not be recorded ends cancelled, with why; its first charge and its authorisation
 * are cancelled at the provider (best effort: a payment of a charge we never recorded is kept for operators).
 */
async function withdrawAuthorization(
  deps: AppDeps,
  plan: repo.PlanRow,
  authorization: { authorizationId: string; firstPaymentId: string },
  err: unknown,
) {
  const reason = err instanceof AppError ? err.message : MESSAGES.savingPlanNotCreated;
  await repo.endPlan(deps.database.db, plan.id, 'cancelled', reason).catch(loggedAs(`saving plan ${plan.id}`, 'warn'));
  const payments = deps.adapters.payments;
  await payments
    .cancelCharge(authorization.firstPaymentId)
    .catch(
      loggedAs(`saving plan ${plan.id}: the first charge ${authorization.firstPaymentId} was not cancelled`, 'warn'),
    );
  await payments
    .cancelRecurringAuthorization(authorization.authorizationId)
    .catch(
      loggedAs(`saving plan ${plan.id}: the authorisation ${authorization.authorizationId} was not revoked`, 'warn'),
    );
}
