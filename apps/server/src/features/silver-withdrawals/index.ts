// Silver withdrawals: purchases of bars (guest or signed in, by Pix) and withdrawals of bars from custody (Pix or
// balance): creation, payment (through the money feature's webhook), cancel, expiry, the customer's list and the
// back office's fulfilment. docs/silver.md.
export {
  FULFILMENT_PAGE_SIZE,
  listForFulfilment,
  markDelivered,
  markSent,
  reject,
  retryRefund,
  withdrawalForBackOffice,
} from './fulfilment';
export { silverWithdrawalRoutes } from './routes';
export { registerSilverWithdrawalsReconciliation } from './reconciliation';
export { createForCustomer, createForGuest } from './create';
export { silverPaymentTarget } from './payment-target';
export {
  cancelSilverWithdrawal,
  expireUnpaidSilverWithdrawals,
  listSilverWithdrawals,
  startSilverExpirySweeper,
} from './service';
export { hasPendingSilverWithdrawals } from './repository/index';
