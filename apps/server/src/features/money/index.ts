// Money in and out: deposits (Pix, TED), withdrawals, the payment provider's webhook and the back office's queues.
export { simulatePixPayment } from './back-office';
export { DEMO_TED_IN_REVIEW, moneyDemoEvents, paidPixForDemo } from './demo';
export { registerMoneyReconciliation } from './reconciliation';
export { moneyRoutes } from './routes';
export { handlePaymentWebhook } from './webhooks';
export { noteOnPendingDeposits, payerOf, recordChargeDeposit } from './deposits';
export { moneyInRefusal, type Wording, writeMoneyInSettings } from './deposit-limits';
export {
  type PaymentTarget,
  type PaymentTargetOutcome,
  type PendingCharge,
  paymentTargetsFor,
  registerPaymentTarget,
} from './payment-targets';
export {
  type AuthorizationEvent,
  type AuthorizationTarget,
  registerAuthorizationTarget,
} from './authorization-targets';
export { pendingMoneyOf } from './repository/index';
