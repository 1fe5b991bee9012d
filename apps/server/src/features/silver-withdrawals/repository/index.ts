// Silver withdrawals' SQL, all of it: withdrawals.ts for the orders' rows, items.ts for their lines, stock.ts for the
// catalogue's stock and coupon codes as an order reads and moves them, reconciliation.ts for the check against the
// ledger's holds. Each function takes an Executor (the pool or a transaction) first and answers plain rows; the rules
// stay in the services.
export * from './items';
export * from './reconciliation';
export * from './stock';
export * from './withdrawals';
