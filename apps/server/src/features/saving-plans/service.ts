import { inArray } from 'drizzle-orm';
import {
  brasiliaIsoDate,
  type CreateSavingPlanInput,
  formatBRL,
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
import { handlePaymentWebhook, payerOf, recordChargeDeposit } from '../money/index';
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

/**
 * POST /api/saving-plans. From the balance: active at once, the first run on the first due date from today. By Pix
 * Automático: the provider's authorisation with its first charge (Journey 3); that charge is the plan's first run
 * (period: today), a pending deposit like any other, and paying it activates the plan.
 */
export async function createPlan(deps: AppDeps, user: UserRow, input: CreateSavingPlanInput) {
  const db = deps.database.db;
  const today = brasiliaIsoDate(savingClock.now());
  if (input.end_date !== null && input.end_date < today)
    throw new AppError('VALIDATION_FAILED', MESSAGES.savingEndDateInvalid, {
      end_date: [MESSAGES.savingEndDateInvalid],
    });
  if ((await repo.countLivePlans(db, user.id)) >= SAVING_PLANS_MAX)
    throw new AppError('LIST_LIMIT_REACHED', MESSAGES.savingPlansLimit(SAVING_PLANS_MAX));
  const pix = input.payment_method === 'pix_automatico';
  const plan = await withTransaction(db, async (tx) => {
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
  if (!pix) {
    const [shown] = await presentPlans(db, [plan]);
    return { plan: shown!, pix_qr_code: null, message: MESSAGES.savingPlanCreated };
  }
  let authorization: Awaited<ReturnType<typeof deps.adapters.payments.createRecurringAuthorization>>;
  try {
    authorization = await deps.adapters.payments.createRecurringAuthorization({
      reference: `saving-plan:${plan.id}`,
      customer: await payerOf(db, user),
      amountCents: plan.amountCents,
      frequency: plan.frequency === 'weekly' ? 'WEEKLY' : 'MONTHLY',
      startDate: today,
      endDate: plan.endDate,
      description: `Poupança Prata ${formatBRL(plan.amountCents)}`.slice(0, 35),
    });
  } catch {
    await repo.changeStatus(db, plan.id, ['awaiting_authorization'], 'cancelled');
    throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', MESSAGES.paymentProviderUnavailable);
  }
  await withTransaction(db, async (tx) => {
    await repo.setAuthorization(tx, plan.id, authorization.authorizationId, authorization.pixCopiaECola);
    const run = await repo.claimRun(tx, {
      planId: plan.id,
      period: today,
      status: 'awaiting_payment',
      amountCents: plan.amountCents,
    });
    const deposit = await recordChargeDeposit(tx, {
      userId: user.id,
      amountCents: plan.amountCents,
      paymentId: authorization.firstPaymentId,
      reference: `saving-run:${run!.id}`,
      pixCopiaECola: authorization.pixCopiaECola,
      // the first code is scanned by the payer: it expires like a deposit's, and the plan with it (repository.ts)
      pixExpiresAt: new Date(Date.now() + deps.config.money.pixChargeTtlMinutes * 60_000),
    });
    await repo.setRunPayment(tx, run!.id, deposit.id, authorization.firstPaymentId);
  });
  const fresh = (await repo.findPlan(db, plan.id, user.id))!;
  const [shown] = await presentPlans(db, [fresh]);
  return {
    plan: shown!,
    pix_qr_code: await brCodeQrPngBase64(authorization.pixCopiaECola),
    message: MESSAGES.savingPlanAwaitingPix,
  };
}

const MOVES = {
  pause: { from: ['active'], to: 'paused', message: MESSAGES.savingPlanPaused },
  resume: { from: ['paused'], to: 'active', message: MESSAGES.savingPlanResumed },
  cancel: {
    from: ['active', 'paused', 'awaiting_authorization'],
    to: 'cancelled',
    message: MESSAGES.savingPlanCancelled,
  },
} as const satisfies Record<string, { from: repo.PlanRow['status'][]; to: repo.PlanRow['status']; message: string }>;

/**
 * POST /api/saving-plans/{id}/pause | resume | cancel. A cancel revokes the Pix Automático authorisation at the
 * provider first (a plan that cannot stop its debits is not shown as cancelled); resuming does not buy the periods
 * missed while paused.
 */
export async function changePlan(deps: AppDeps, userId: number, id: number, move: keyof typeof MOVES) {
  const db = deps.database.db;
  const plan = await repo.findPlan(db, id, userId);
  if (!plan) throw notFound();
  const rule = MOVES[move];
  if (!(rule.from as readonly string[]).includes(plan.status))
    throw new AppError('SAVING_PLAN_NOT_CHANGEABLE', MESSAGES.savingPlanNotChangeable);
  if (move === 'cancel' && plan.authorizationId && plan.authorizationId !== 'pending') {
    try {
      await deps.adapters.payments.cancelRecurringAuthorization(plan.authorizationId);
    } catch {
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', MESSAGES.paymentProviderUnavailable);
    }
  }
  const changed = await repo.changeStatus(db, id, [...rule.from], rule.to);
  if (!changed) throw new AppError('SAVING_PLAN_NOT_CHANGEABLE', MESSAGES.savingPlanNotChangeable);
  await logEvent(db, userId, `Poupança automática ${id}: ${rule.to}`);
  const [shown] = await presentPlans(db, [changed]);
  return { plan: shown!, pix_qr_code: null, message: rule.message };
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
