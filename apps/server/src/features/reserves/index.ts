// Proof of reserves: each closed day's Merkle root of customers' silver as of its end in Brasília,
// beside the vault's bars, the customer's own proof, and the daily job. docs/reserves.md.
export { buildClosedDays, buildReserveDay, startReservesJob } from './build';
export { seedReservesDemo } from './demo';
export { reservesRoutes } from './routes';
export { reservesSecret } from './salts';
