// Silver transfers between customers: the transfer (to an account at once, or held in transfer:unclaimed for an
// e-mail with no account), its code, receipt, history, cancel and expiry, the claim when a registration is approved,
// the back office's view and the demo's transfers. docs/silver-transfers.md.
export { silverTransfersDemoEvents } from './demo';
export { claimPendingTransfers, expireUnclaimedTransfers, startTransferExpirySweeper } from './lifecycle';
export { hasPendingOutgoingTransfers } from './repository';
export { silverTransferRoutes } from './routes';
export { registerSilverTransfersReconciliation } from './reconciliation';
export { placeTransfer } from './service';
