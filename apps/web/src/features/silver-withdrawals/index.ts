// The silver withdrawals' public surface for other features: its calls, one file each (the catalogue's checkout
// creates an order and waits for its Pix; the history lists and cancels). Only calls: every page that imports this
// index evaluates all of it. The back office's pieces are in admin/index.ts; pages load through the router.
export { useCancelSilverWithdrawal } from './api/cancel-silver-withdrawal';
export { createGuestSilverWithdrawal } from './api/create-guest-silver-withdrawal';
export { createSilverWithdrawal } from './api/create-silver-withdrawal';
export { ORDER_POLL_MS, silverOrderQueryKey, useSilverOrder } from './api/get-silver-order';
export { SILVER_WITHDRAWALS_PATH } from './api/get-silver-withdrawals';
