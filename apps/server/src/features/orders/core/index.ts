// The order path's rules as a pure core: no database, no clock, no framework (docs/orders.md, "The core").
export { type BatchResult, applyBatch } from './apply-batch';
export { emptyMarket, openOrdersOf, ownerKey, restStoredOrder } from './market';
export type { Account, Applied, MarketState, OpenOrder, Op, OrderRow, Owner, Side, TradeRow } from './types';
export { type WalkLevel, walkLevels } from './walk';
