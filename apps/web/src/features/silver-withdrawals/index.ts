// The silver withdrawals' public surface for other features: its calls, one file each (the catalogue's checkout
// creates an order and waits for its Pix; the history lists and cancels), the history tab's 'Cancelar', and the back
// office's fulfilment queue, a tab of the physical silver page (features/catalogue/admin/silver-page.tsx).
// Pages load through the router, each in its own chunk.
export { ShipmentsTab } from './admin/shipments-tab';
export { useCancelSilverWithdrawal } from './api/cancel-silver-withdrawal';
export { createGuestSilverWithdrawal } from './api/create-guest-silver-withdrawal';
export { createSilverWithdrawal } from './api/create-silver-withdrawal';
export { silverOrderQueryKey, useSilverOrder } from './api/get-silver-order';
export { SILVER_WITHDRAWALS_PATH } from './api/get-silver-withdrawals';
export { CancelSilverWithdrawal } from './components/cancel-silver-withdrawal';
