export * from './foundation';
export * from './ledger';
