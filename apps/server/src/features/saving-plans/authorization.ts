import { formatBRL, MESSAGES } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import { logEvent } from '@/lib/audit';
import { enqueueEmail } from '@/messaging/outbox';
import { savingAuthorizationEndedMail } from '@/messaging/templates';
import type { AuthorizationEvent, AuthorizationTarget, PaymentTargetOutcome } from '@/features/money/index';
import { planOwnerContact } from './customers-repository';
import * as repo from './repository';
import { closeRunsOfEndedPlan } from './service';

const END_REASONS = {
  authorization_cancelled: MESSAGES.savingAuthorizationCancelled,
  authorization_expired: MESSAGES.savingAuthorizationExpired,
  authorization_refused: MESSAGES.savingAuthorizationRefused,
} as const;

/**
 * Pix Automático's authorisation events for the saving plans (docs/saving-plans.md), in the webhook's transaction
 * (the event id was claimed there: a redelivery never reaches this). ACTIVATED activates an awaiting plan; CANCELLED,
 * EXPIRED and REFUSED end a live plan with the reason the customer reads, and e-mail it; a refused payment instruction
 * makes its run buy nothing. null: the authorisation is no plan's.
 */
async function applyToPlan(
  deps: AppDeps,
  tx: Executor,
  event: AuthorizationEvent,
): Promise<PaymentTargetOutcome | null> {
  const plan = await repo.lockPlanByAuthorization(tx, event.authorizationId);
  if (!plan) return null;
  const detail = `poupança ${plan.id}`;
  switch (event.kind) {
    case 'authorization_activated': {
      const changed = await repo.changeStatus(tx, plan.id, ['awaiting_authorization'], 'active');
      return { outcome: changed ? 'plan_activated' : 'plan_unchanged', detail };
    }
    case 'authorization_cancelled':
    case 'authorization_expired':
    case 'authorization_refused': {
      const reason = END_REASONS[event.kind];
      const ended = await repo.endPlan(tx, plan.id, 'cancelled', reason);
      if (!ended) return { outcome: 'plan_unchanged', detail };
      await closeRunsOfEndedPlan(tx, ended, reason);
      await logEvent(tx, plan.userId, `Poupança automática ${plan.id}: autorização encerrada pelo banco`);
      await mailEnded(deps, tx, ended, reason);
      return { outcome: 'plan_ended', detail: `${detail}: ${reason}` };
    }
    case 'payment_instruction_refused': {
      const reason = MESSAGES.savingRunDebitRefused(event.reason);
      const refused = await repo.refuseRun(tx, plan.id, event.paymentId, reason);
      return refused
        ? { outcome: 'run_refused', detail: `${detail}, execução ${refused.id}` }
        : { outcome: 'plan_unchanged', detail };
    }
  }
}

async function mailEnded(deps: AppDeps, tx: Executor, plan: repo.PlanRow, reason: string) {
  const owner = await planOwnerContact(tx, plan.userId);
  if (!owner) return;
  const url = `${deps.config.publicUrl}/poupanca-automatica`;
  await enqueueEmail(tx, {
    to: owner.email,
    ...savingAuthorizationEndedMail(owner.name, formatBRL(plan.amountCents), reason, url),
  });
}

/** Registered by the routes: the money feature's webhook handler reaches the plans through it. */
export const savingAuthorizationTarget: AuthorizationTarget = { name: 'saving-plans', applied: applyToPlan };
