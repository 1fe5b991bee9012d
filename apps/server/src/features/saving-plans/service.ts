import { inArray } from 'drizzle-orm';
import {
  brasiliaIsoDate,
  type CreateSavingPlanInput,
  formatBRL,
  isoToBrDate,
  MESSAGES,
  minorToDecimal,
  SAVING_PLANS_MAX,
  type SavingPlan,
  type SavingPreviewResponse,
} from '@prata/domain';
import { brCodeQrPngBase64 } from '../../adapters/payments/index';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { type UserRow, users } from '../../db/schema/index';
import { withTransaction } from '../../db/tx';
import { logEvent } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { loggedAs } from '../../lib/log-failure';
import {
  handlePaymentWebhook,
  moneyInRefusal,
  noteOnPendingDeposits,
  payerOf,
  recordChargeDeposit,
} from '../money/index';
import { averagePriceCents, sizeBuy } from './buy';
import { savingClock } from './clock';
import * as repo from './repository';
import { nextRunDate } from './schedule';
import { scheduleOf } from './scheduler';

const RUNS_SHOWN = 20;

function presentRun(r: repo.RunRow) {
  const money = (v: number | null) => (v === null ? null : minorToDecimal(v));
  return {
    id: r.id,
    period: r.period,
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

export function presentPlan(p: repo.PlanRow, runs: repo.RunRow[], today: string): SavingPlan {
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
    runs: mine.map(presentRun),
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

/** GET /api/saving-plans/preview: what the amount buys now, the fee and the IOF shown before the plan starts. */
export async function preview(deps: AppDeps, userId: number, amountCents: number): Promise<SavingPreviewResponse> {
  const size = await sizeBuy(deps.database.db, userId, amountCents);
  return {
    amount: minorToDecimal(amountCents),
    available: size.quantityCg > 0,
    quantity_grams: size.quantityCg / 100,
    price_per_gram: minorToDecimal(averagePriceCents(size)),
    value: minorToDecimal(size.valueCents),
    transaction_fee: minorToDecimal(size.feeCents),
    iof_fee: minorToDecimal(size.iofCents),
    total: minorToDecimal(size.totalCents),
    fee_rate_percent: size.rates.feeRateBps / 100,
    iof_rate_percent: size.rates.iofRateBps / 100,
  };
}

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
      const charge = { userId: user.id, method: 'pix' as const, amountCents: input.amount };
      const refused = await moneyInRefusal(tx, charge, MESSAGES.savingPlanDepositLimit);
      if (refused) throw refused;
    }
    const created = await repo.insertPlan(tx, {
      userId: user.id,
      amountCents: input.amount,
      frequency: input.frequency,
      weekday: input.frequency === 'weekly' ? (input.weekday ?? null) : null,
      monthDay: input.frequency === 'monthly' ? (input.month_day ?? null) : null,
      startDate: today,
      endDate: input.end_date,
      paymentMethod: input.payment_method,
      status: pix ? 'awaiting_authorization' : 'active',
    });
    await logEvent(tx, user.id, `Poupança automática de ${formatBRL(input.amount)} criada`);
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
    return { plan: shown!, pix_qr_code: null, message: MESSAGES.savingPlanCreated };
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
        MESSAGES.savingPlanDepositLimit,
      );
      await repo.setRunPayment(tx, run!.id, deposit.id, authorization.firstPaymentId);
    });
  } catch (err) {
    // the limits refused the first charge after all (another charge came in meanwhile): no plan, no authorisation
    await withdrawAuthorization(deps, plan, authorization.authorizationId, err);
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
  } catch {
    await repo.changeStatus(deps.database.db, plan.id, ['awaiting_authorization'], 'cancelled');
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', MESSAGES.paymentProviderUnavailable);
  }
}

/** A plan whose first charge could not be recorded ends cancelled, with why, and its authorisation is revoked. */
async function withdrawAuthorization(deps: AppDeps, plan: repo.PlanRow, authorizationId: string, err: unknown) {
  const reason = err instanceof AppError ? err.message : MESSAGES.paymentProviderUnavailable;
  await repo.endPlan(deps.database.db, plan.id, 'cancelled', reason);
  await deps.adapters.payments
    .cancelRecurringAuthorization(authorizationId)
    .catch(loggedAs(`saving plan ${plan.id}: the authorisation ${authorizationId} was not revoked`, 'warn'));
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
    } catch {
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
  const customers =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(inArray(users.id, ids));
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
