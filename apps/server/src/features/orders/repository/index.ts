// The order path's SQL, all of it (docs/orders.md, "The repository"): batch.ts for the matcher's batches, screens.ts
// for what the screens read, last-trade.ts for the last price, house.ts for the house's back office, reconciliation.ts
// for the book's checks, pending.ts for the erasure's question, demo.ts for the demo's reads. Everything here answers
// plain values: the rules are in core/, the caches in the engine (copy.ts) and the answers (answers.ts).
export * from './batch';
export * from './demo';
export * from './house';
export * from './last-trade';
export * from './pending';
export * from './reconciliation';
export * from './screens';
