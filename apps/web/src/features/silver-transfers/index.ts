// The silver-transfers feature's public surface for other features (the history tab's cancel and receipt, and its
// list's path).
// The page loads through the router, in its own chunk.
export { SILVER_TRANSFERS_PATH } from './api/transfers';
export { CancelSilverTransfer } from './components/cancel-silver-transfer';
export { TransferReceiptButton } from './components/transfer-receipt-button';
