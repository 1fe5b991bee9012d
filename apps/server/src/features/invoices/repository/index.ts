// The invoices' SQL, all of it: facts.ts for what is due (fees by month, paid orders of bars, the borrower),
// invoices.ts for the stored invoices and what issuing writes, watermark.ts for the month a customer's list is complete
// to, demo.ts for the fiscal demo's checks. Functions take an Executor (the pool or a transaction) first.
export * from './demo';
export * from './facts';
export * from './invoices';
export * from './watermark';
