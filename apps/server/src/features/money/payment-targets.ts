import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';

/** What a target did with a payment event, stored with the event (payment_events.outcome, detail). */
export type PaymentTargetOutcome = { outcome: string; detail: string | null };

/** A pending Pix charge of a target, for the embedded provider's payer (development and demo). */
export type PendingCharge = {
  paymentId: string;
  reference: string;
  amountCents: number;
  /** the target's own row id */
  id: number;
  email: string;
  createdAt: Date;
};

/**
 * Something other than a deposit that is paid by a Pix charge through the payments port (a silver purchase). The
 * charge carries the reference `<prefix>:<id>`; the one webhook handler (webhooks.ts) looks a payment up as a deposit
 * first, then asks the targets, so the money feature never imports the features that register here (no import
 * circles).
 */
export type PaymentTarget = {
  prefix: string;
  /** In the webhook's transaction; null when the payment is not this target's. */
  received(
    deps: AppDeps,
    tx: Executor,
    event: { paymentId: string; reference: string | null; amountCents: number },
  ): Promise<PaymentTargetOutcome | null>;
  /** The provider deleted the charge (PAYMENT_DELETED); null when not this target's. */
  cancelled(deps: AppDeps, tx: Executor, event: { paymentId: string }): Promise<PaymentTargetOutcome | null>;
  /** A pending charge with this payment id, or null. */
  findCharge(db: Executor, paymentId: string): Promise<PendingCharge | null>;
  /** The pending charges, newest first (the dev mailbox page). */
  pendingCharges(db: Executor, limit: number): Promise<PendingCharge[]>;
};

const targets = new Map<string, PaymentTarget>();

/** Registers (or replaces) the target of a reference prefix; called by the owning feature's routes. */
export function registerPaymentTarget(target: PaymentTarget) {
  targets.set(target.prefix, target);
}

/** The registered targets: the one whose prefix the reference names first, then the others. */
export function paymentTargetsFor(reference: string | null): PaymentTarget[] {
  const all = [...targets.values()];
  const named = reference ? all.find((t) => reference.startsWith(`${t.prefix}:`)) : undefined;
  return named ? [named, ...all.filter((t) => t !== named)] : all;
}
