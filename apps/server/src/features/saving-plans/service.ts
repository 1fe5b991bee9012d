import {
  brasiliaIsoDate,
  feeAndIof,
  formatBRL,
  MESSAGES,
  minorToDecimal,
  type SavingPlan,
  type SavingPreviewInput,
  type SavingPreviewResponse,
} from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import { withTransaction } from '@/db/tx';
import { logEvent } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { logFailure } from '@/lib/log-failure';
import { handlePaymentWebhook, noteOnPendingDeposits } from '@/features/money/index';
import { averagePriceCents, sizeBuy } from './buy';
import { savingClock } from './clock';
import { customerContacts } from './customers-repository';
import * as repo from './repository';
import { nextRunDate } from './schedule';
import { scheduleOf } from './scheduler';

const RUNS_SHOWN = 20;

/**
 * The Brasília date a run was paid ahead of its period, or null: a Pix Automático plan's first Pix pays the current
 * period's run when the plan is made (create.ts), so that run's period can come after the plan's start. A run still
 * waiting for that Pix, or that bought nothing, was not paid.
 */
function paidAheadOn(p: repo.PlanRow, r: repo.RunRow): string | null {
  if (p.paymentMethod !== 'pix_automatico' || r.period <= p.startDate) return null;
  if (r.status === 'awaiting_payment' || r.status === 'nothing') return null;
  return nextRunDate(scheduleOf(p), p.startDate, null) === r.period ? p.startDate : null;
}

function presentRun(p: repo.PlanRow, r: repo.RunRow) {
  const money = (v: number | null) => (v === null ? null : minorToDecimal(v));
  return {
    id: r.id,
    period: r.period,
    paid_ahead_on: paidAheadOn(p, r),
    status: r.status,
    amount: minorToDecimal(r.amountCents),
    quantity_grams: r.quantityCg === null ? null : r.quantityCg / 100,
    value: money(r.valueCents),
    transaction_fee: money(r.feeCents),
    iof_fee: money(r.iofCents),
    total: money(r.totalCents),
    order_id: r.orderId,
    deposit_id: r.depositId,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
  };
}

function presentPlan(p: repo.PlanRow, runs: repo.RunRow[], today: string): SavingPlan {
  const mine = runs.filter((r) => r.planId === p.id);
  const live = p.status === 'active' || p.status === 'paused' || p.status === 'awaiting_authorization';
  const last = mine[0]?.period ?? null;
  return {
    id: p.id,
    amount: minorToDecimal(p.amountCents),
    frequency: p.frequency,
    weekday: p.weekday,
    month_day: p.monthDay,
    start_date: p.startDate,
    end_date: p.endDate,
    payment_method: p.paymentMethod,
    status: p.status,
    next_run_date: live ? nextRunDate(scheduleOf(p), today, last) : null,
    pix_copia_e_cola: p.status === 'awaiting_authorization' ? p.authorizationCode : null,
    end_reason: p.endReason,
    created_at: p.createdAt.toISOString(),
    runs: mine.map((r) => presentRun(p, r)),
  };
}

export async function presentPlans(db: Executor, plans: repo.PlanRow[]) {
  const runs = await repo.runsOf(
    db,
    plans.map((p) => p.id),
    RUNS_SHOWN,
  );
  const today = brasiliaIsoDate(savingClock.now());
  return plans.map((p) => presentPlan(p, runs, today));
}

/** GET /api/saving-plans */
export async function listPlans(deps: AppDeps, userId: number) {
  const db = deps.database.db;
  return { plans: await presentPlans(db, await repo.plansOf(db, userId)) };
}

/** The dates of a new plan's first two runs, when the query names the schedule; null otherwise. */
function schedulePreview(query: SavingPreviewInput, today: string) {
  const day = query.frequency === 'weekly' ? query.weekday : query.month_day;
  if (query.frequency === undefined || day === undefined) return null;
  const schedule = {
    frequency: query.frequency,
    weekday: query.frequency === 'weekly' ? day : null,
    monthDay: query.frequency === 'monthly' ? day : null,
    startDate: today,
    endDate: null,
  };
  const first = nextRunDate(schedule, today, null)!;
  return { first_run_date: first, next_run_date: nextRunDate(schedule, today, first)! };
}

/**
 * GET /api/saving-plans/preview: what the amount buys now, the fee (and whether it is the minimum per order) and the
 * IOF, shown before the plan starts; with the schedule's fields, the dates of its first two runs.
 */
export async function preview(
  deps: AppDeps,
  userId: number,
  query: SavingPreviewInput,
): Promise<SavingPreviewResponse> {
  const size = await sizeBuy(deps.database.db, userId, query.amount_cents);
  // the fee the rate alone would charge (the one fee rule, without its minimum)
  const byRate = feeAndIof(size.valueCents, { ...size.rates, minimumFeeCents: 0 }).feeCents;
  return {
    amount: minorToDecimal(query.amount_cents),
    available: size.quantityCg > 0,
    quantity_grams: size.quantityCg / 100,
    price_per_gram: minorToDecimal(averagePriceCents(size)),
    value: minorToDecimal(size.valueCents),
    transaction_fee: minorToDecimal(size.feeCents),
    iof_fee: minorToDecimal(size.iofCents),
    total: minorToDecimal(size.totalCents),
    fee_rate_percent: size.rates.feeRateBps / 100,
    fee_is_minimum: size.quantityCg > 0 && byRate < size.rates.minimumFeeCents,
    iof_rate_percent: size.rates.iofRateBps / 100,
    schedule: schedulePreview(query, brasiliaIsoDate(savingClock.now())),
  };
}

const MOVES = {
  pause: { from: ['active'], to: 'paused' },
  resume: { from: ['paused'], to: 'active' },
  cancel: { from: ['active', 'paused', 'awaiting_authorization'], to: 'cancelled' },
} as const satisfies Record<string, { from: repo.PlanRow['status'][]; to: repo.PlanRow['status'] }>;

type Move = keyof typeof MOVES;

/** A plan with an authorisation at the provider (Pix Automático, once the provider answered). */
const authorized = (plan: repo.PlanRow) => plan.authorizationId !== null && plan.authorizationId !== 'pending';

/** What the customer reads after a move: a cancel says an authorisation was revoked only when there was one. */
function movedMessage(move: Move, plan: repo.PlanRow): string {
  if (move === 'pause') return MESSAGES.savingPlanPaused;
  if (move === 'resume') return MESSAGES.savingPlanResumed;
  return authorized(plan) ? MESSAGES.savingPlanCancelled : MESSAGES.savingPlanCancelledNoAuthorization;
}

/**
 * POST /api/saving-plans/{id}/pause | resume | cancel. A cancel revokes the Pix Automático authorisation at the
 * provider first (a plan that cannot stop its debits is not shown as cancelled), then, in one transaction, ends the
 * plan and closes its runs not bought yet: a charge paid after all is credited as a deposit, and its e-mail says the
 * plan was cancelled and the money is in the balance. Resuming does not buy the periods missed while paused.
 */
export async function changePlan(deps: AppDeps, userId: number, id: number, move: Move) {
  const db = deps.database.db;
  const plan = await repo.findPlan(db, id, userId);
  if (!plan) throw notFound();
  const rule = MOVES[move];
  if (!(rule.from as readonly string[]).includes(plan.status))
    throw new AppError('SAVING_PLAN_NOT_CHANGEABLE', MESSAGES.savingPlanNotChangeable);
  if (move === 'cancel' && authorized(plan)) {
    try {
      await deps.adapters.payments.cancelRecurringAuthorization(plan.authorizationId!);
    } catch (err) {
      logFailure(`saving plans: the payment provider did not cancel plan ${plan.id}'s authorisation`, err);
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', MESSAGES.paymentProviderUnavailable);
    }
  }
  const changed = await withTransaction(db, async (tx) => {
    const moved = await repo.changeStatus(tx, id, [...rule.from], rule.to);
    if (!moved) throw new AppError('SAVING_PLAN_NOT_CHANGEABLE', MESSAGES.savingPlanNotChangeable);
    if (move === 'cancel') await closeRunsOfEndedPlan(tx, moved, MESSAGES.savingRunPlanCancelled);
    await logEvent(tx, userId, `Poupança automática ${id}: ${rule.to}`);
    return moved;
  });
  const [shown] = await presentPlans(db, [changed]);
  return { plan: shown!, pix_qr_code: null, message: movedMessage(move, plan) };
}

/**
 * A plan that ended (cancelled by the customer, or its authorisation ended at the bank) buys nothing more: its runs
 * not bought yet say why, and the charges still out carry the sentence their "credited" e-mail adds (the caller's
 * transaction).
 */
export async function closeRunsOfEndedPlan(tx: Executor, plan: repo.PlanRow, reason: string) {
  const depositIds = await repo.closeWaitingRuns(tx, plan.id, reason);
  await noteOnPendingDeposits(tx, depositIds, MESSAGES.savingChargeAfterPlanEnded(formatBRL(plan.amountCents)));
}

/** GET /api/admin/saving-plans: every plan with its customer and latest runs, newest first. */
export async function adminPlans(deps: AppDeps, query: { page: number; status?: repo.PlanRow['status'] }) {
  const db = deps.database.db;
  const perPage = 25;
  const { plans, total } = await repo.pagePlans(db, query.status ?? null, perPage, (query.page - 1) * perPage);
  const shown = await presentPlans(db, plans);
  const ids = [...new Set(plans.map((p) => p.userId))];
  const customers = await customerContacts(db, ids);
  const byId = new Map(customers.map((c) => [c.id, c]));
  return {
    plans: {
      data: shown.map((s, i) => ({
        ...s,
        customer: byId.get(plans[i]!.userId) ?? { id: plans[i]!.userId, name: '', email: '' },
        authorization_id: plans[i]!.authorizationId,
      })),
      total,
      per_page: perPage,
    },
  };
}

/**
 * POST /api/dev/saving-plans/{id}/revoke (test clock only, never in production): the embedded provider's payer
 * cancels the authorisation in their bank; its webhook goes through the one handler, as Asaas's would.
 */
export async function simulateRevoke(deps: AppDeps, id: number) {
  const plan = await repo.findPlan(deps.database.db, id, null);
  const simulate = deps.adapters.payments.simulateAuthorizationCancelled;
  if (!plan?.authorizationId || plan.authorizationId === 'pending' || !simulate) throw notFound();
  const delivery = simulate.call(deps.adapters.payments, plan.authorizationId);
  const { outcome } = await handlePaymentWebhook(deps, delivery.headers, delivery.body);
  return { outcome, message: MESSAGES.savingPlanRevokedSimulated };
}
