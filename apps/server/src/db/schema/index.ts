export * from './foundation';
export * from './ledger';
export * from './profile';
export * from './money';
export * from './silver';
export * from './silver-transfers';
export * from './invoices';
export * from './affiliates';
