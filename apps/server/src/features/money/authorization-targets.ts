import type { AuthorizationEventKind } from '@/adapters/payments/port';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { PaymentTargetOutcome } from './payment-targets';

/** A Pix Automático event, as the webhook handler hands it to the feature that owns the authorisation. */
export type AuthorizationEvent =
  | { kind: AuthorizationEventKind; authorizationId: string }
  | { kind: 'payment_instruction_refused'; authorizationId: string; paymentId: string | null; reason: string | null };

/**
 * Something that holds Pix Automático authorisations (the saving plans). Like the payment targets, it registers
 * here so the money feature never imports it; `applied` runs in the webhook's transaction and returns null when the
 * authorisation is not its own.
 */
export type AuthorizationTarget = {
  name: string;
  applied(deps: AppDeps, tx: Executor, event: AuthorizationEvent): Promise<PaymentTargetOutcome | null>;
};

const targets = new Map<string, AuthorizationTarget>();

/** Registers (or replaces) a target by name; called by the owning feature's routes. */
export function registerAuthorizationTarget(target: AuthorizationTarget) {
  targets.set(target.name, target);
}

/** Hands the event to each target until one owns the authorisation; an unknown one is ignored (answered 200). */
export async function applyAuthorizationEvent(
  deps: AppDeps,
  tx: Executor,
  event: AuthorizationEvent,
): Promise<PaymentTargetOutcome> {
  for (const target of targets.values()) {
    const hit = await target.applied(deps, tx, event);
    if (hit) return hit;
  }
  return { outcome: 'unknown_authorization', detail: `autorização ${event.authorizationId}` };
}
