// Silver withdrawals' SQL, all of it: withdrawals.ts for the orders' rows, items.ts for their lines,
// reconciliation.ts for the check against the ledger's holds, pending.ts for the erasure's question (the products'
// stock and the coupons are the catalogue's: its repository, through its index). Each function takes an Executor (the pool or a transaction) first and answers plain rows; the rules
// stay in the services.
export * from './items';
export * from './pending';
export * from './reconciliation';
export * from './withdrawals';
