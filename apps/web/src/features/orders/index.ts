// The orders feature's public surface for other features. The page loads through the router, in its own chunk.
export { COMPLETED_HISTORY_PATH, ORDER_TYPE_LABELS, ORDERS_PATH } from './labels';
export { orderChargeColumns, orderQuantityColumn } from './columns';
