// The orders feature's public surface for other features. The page loads through the router, in its own chunk.
export { ORDER_TYPE_LABELS } from './labels';
export { orderChargeColumns, orderQuantityColumn } from './columns';
