import { brasiliaIsoDate, formatBRL, MESSAGES } from '@prata/domain';
import type { AppDeps } from '@/deps';
import { withTransaction } from '@/db/tx';
import { every } from '@/lib/per-turn';
import { AppError } from '@/lib/errors';
import { logFailure, loggedAs } from '@/lib/log-failure';
import { handlePaymentWebhook, moneyInRefusal, payerOf, recordChargeDeposit } from '@/features/money/index';
import { buyFor } from './buy';
import { savingClock } from './clock';
import { planOwner } from './customers-repository';
import * as repo from './repository';
import { duePeriod, isOver, type Schedule } from './schedule';

/** Plans looked at per page of a tick, and runs bought per tick: a tick is bounded, the next one goes on. */
const PLANS_PAGE = 200;
const BUYS_PER_TICK_MAX = 500;

export const scheduleOf = (p: repo.PlanRow): Schedule => ({
  frequency: p.frequency,
  weekday: p.weekday,
  monthDay: p.monthDay,
  startDate: p.startDate,
  endDate: p.endDate,
});

/**
 * One pass of the scheduler (every instance runs it; docs/saving-plans.md):
 * 0. runs whose deposit was credited become due, and a paid first charge activates its plan;
 * 1. plans past their end date end;
 * 2. each active plan due today claims its period (insert ... on conflict do nothing: one instance wins); a balance
 *    plan's run is due at once, a Pix Automático plan's charge goes to the provider and becomes a pending deposit;
 * 3. step 0 again, for the charges just paid (the embedded provider pays at once);
 * 4. due runs of plans cancelled or paused meanwhile buy nothing (the money stays in the balance); the others are
 *    claimed one at a time (skip locked) and buy.
 * Safe to run at any moment, on any number of instances, after any restart.
 */
export async function runSavingPlans(
  deps: AppDeps,
  now: Date = savingClock.now(),
): Promise<{ claimed: number; bought: number }> {
  const db = deps.database.db;
  const today = brasiliaIsoDate(now);
  let claimed = 0;
  // a first charge paid since the last pass activates its plan before the plans are read
  await repo.promotePaidRuns(db, MESSAGES.savingRunPaymentFailed);
  await repo.activateAuthorizedPlans(db);
  await repo.abandonUnchargedRuns(db, MESSAGES.savingRunInterrupted);
  for (let after = 0; ; ) {
    const plans = await repo.activePlans(db, after, PLANS_PAGE);
    for (const plan of plans) {
      const schedule = scheduleOf(plan);
      if (isOver(schedule, today)) {
        await repo.changeStatus(db, plan.id, ['active'], 'ended');
        continue;
      }
      const period = duePeriod(schedule, today);
      if (period === null) continue;
      const pix = plan.paymentMethod === 'pix_automatico';
      const run = await repo.claimRun(db, {
        planId: plan.id,
        period,
        status: pix ? 'awaiting_payment' : 'due',
        amountCents: plan.amountCents,
      });
      if (!run) continue;
      claimed++;
      if (pix) await chargeRun(deps, plan, run, period);
    }
    if (plans.length < PLANS_PAGE) break;
    after = plans[plans.length - 1]!.id;
  }
  await repo.promotePaidRuns(db, MESSAGES.savingRunPaymentFailed);
  await repo.activateAuthorizedPlans(db);
  await repo.closeStrandedDueRuns(db, {
    cancelled: MESSAGES.savingRunPlanCancelled,
    paused: MESSAGES.savingRunPlanPaused,
  });
  let bought = 0;
  for (let i = 0; i < BUYS_PER_TICK_MAX; i++) {
    const run = await repo.claimDueRun(db);
    if (!run) break;
    const result = await buyFor(deps, run.userId, run.amountCents);
    await repo.finishRun(db, run.id, result);
    if (result.status === 'bought') bought++;
  }
  return { claimed, bought };
}

/**
 * A Pix Automático run's charge at the provider against the plan's authorisation, recorded as a pending deposit so
 * the one webhook path credits it. The limits on money in come first: a charge they refuse (the period's limit above
 * all: the customer deposited meanwhile) is not sent to the provider, and the run says why; one refused when it is
 * recorded (another charge came in meanwhile) is cancelled at the provider. A scheduled debit is not subject to the
 * night limit (docs/decisions.md). The embedded provider's payer's bank debits it at once, through the same path.
 */
async function chargeRun(deps: AppDeps, plan: repo.PlanRow, run: repo.RunRow, period: string) {
  const db = deps.database.db;
  const user = await planOwner(db, plan.userId);
  if (!user || !plan.authorizationId) {
    await repo.finishRun(db, run.id, { status: 'nothing', reason: MESSAGES.savingRunPaymentFailed });
    return;
  }
  const debit = { userId: plan.userId, method: 'pix' as const, scheduledDebit: true, amountCents: run.amountCents };
  const refused = await moneyInRefusal(db, debit, MESSAGES.savingRunNotCharged);
  if (refused) {
    await repo.finishRun(db, run.id, { status: 'nothing', reason: refused.message });
    return;
  }
  const reference = `saving-run:${run.id}`;
  const payments = deps.adapters.payments;
  let charge: { paymentId: string; pixCopiaECola: string };
  try {
    charge = await payments.createRecurringCharge({
      authorizationId: plan.authorizationId,
      reference,
      amountCents: run.amountCents,
      customer: await payerOf(db, user),
      dueDate: period,
      description: `Poupança Prata ${formatBRL(run.amountCents)}`.slice(0, 35),
    });
  } catch (err) {
    logFailure(`saving plans: the payment provider refused or did not answer run ${run.id}'s charge`, err);
    await repo.finishRun(db, run.id, { status: 'nothing', reason: MESSAGES.paymentProviderUnavailable });
    return;
  }
  try {
    await withTransaction(db, async (tx) => {
      const deposit = await recordChargeDeposit(
        tx,
        { ...debit, paymentId: charge.paymentId, reference, pixCopiaECola: charge.pixCopiaECola, pixExpiresAt: null },
        MESSAGES.savingRunNotCharged,
      );
      await repo.setRunPayment(tx, run.id, deposit.id, charge.paymentId);
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    await payments
      .cancelCharge(charge.paymentId)
      .catch(loggedAs(`saving run ${run.id}: the provider's charge ${charge.paymentId} was not cancelled`, 'warn'));
    await repo.finishRun(db, run.id, { status: 'nothing', reason: err.message });
    return;
  }
  if (payments.simulatePayment) {
    const delivery = payments.simulatePayment({ paymentId: charge.paymentId, reference, amountCents: run.amountCents });
    await handlePaymentWebhook(deps, delivery.headers, delivery.body);
  }
}

/** The scheduler's loop: a pass every `everyMs` (default a minute) on every instance; the claims keep it once. */
export function startSavingScheduler(deps: AppDeps, everyMs = 60_000): () => void {
  return every(everyMs, () => runSavingPlans(deps), 'saving plans: scheduler');
}
