// Imposto de renda (/irpf): the year's workbook and the position on 31 December. docs/fiscal.md.
export { irpfRoutes } from './routes';
// The average cost and the month's purchases, read by the monthly statement (features/statements).
export { averageCostAt, purchasesBetween } from './facts';
// The average cost's checkpoints (monthly and running) and their job (boot.ts).
export { buildCostLatest, buildCostMonths, startCostMonthsJob } from './checkpoints';
