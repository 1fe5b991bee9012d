// Extrato mensal (/meu-historico/extrato): a month's balances, movements and average cost, as JSON and PDF.
// docs/statements.md.
export { statementRoutes } from './routes';
