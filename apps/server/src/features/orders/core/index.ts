// The order path's rules as a pure core: no database, no clock, no framework (docs/orders.md, "The core").
export { type BatchResult, applyBatch } from './apply-batch';
export {
  addOpenValue,
  availableRef,
  chargedOf,
  emptyMarket,
  heldNow,
  holdId,
  ownerKey,
  restStoredOrder,
} from './market';
export type {
  Account,
  Applied,
  BatchInputs,
  CancelOp,
  MarketState,
  OpenOrder,
  Op,
  OrderRow,
  Owner,
  PlaceOp,
  Side,
  TradeRow,
} from './types';
export { type Walk, type WalkLevel, walkLevels } from './walk';
