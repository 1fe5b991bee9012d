// Silver withdrawals: purchases of bars (guest or signed in, by Pix) and withdrawals of bars from custody (Pix or
// balance): creation, payment (through the money feature's webhook), cancel, expiry, the customer's list and the
// back office's fulfilment. docs/silver.md.
export { markSent } from './fulfilment';
export { silverWithdrawalRoutes } from './routes';
export { registerSilverWithdrawalsReconciliation } from './reconciliation';
export { createForCustomer } from './create';
export { expireUnpaidSilverWithdrawals, startSilverExpirySweeper } from './service';
export { hasPendingSilverWithdrawals } from './repository/index';
