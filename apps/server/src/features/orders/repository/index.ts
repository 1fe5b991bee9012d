// The order path's SQL, all of it (docs/orders.md, "The repository"): batch.ts for the matcher's batches, screens.ts
// for what the screens read. Everything here answers plain values: the rules are in core/, the caches in the engine
// (copy.ts) and the answers (answers.ts).
export * from './batch';
export * from './screens';
