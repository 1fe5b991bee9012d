// Money's SQL, all of it: deposits.ts and withdrawals.ts for their rows, events.ts for the provider's events,
// pending.ts for the erasure's question, people.ts for the customers, ledger accounts and bank entries money reads,
// reconciliation.ts for the checks against the ledger. Everything here answers plain rows: the rules stay in the feature's service files.
// admission.ts holds the admission's SQL and the one insert of a pending deposit, called only through its gate,
// deposit-limits.ts (insertPendingDeposit).
export * from './admission';
export * from './deposits';
export * from './events';
export * from './pending';
export * from './people';
export * from './reconciliation';
export * from './withdrawals';
