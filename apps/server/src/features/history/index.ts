// /meu-historico: the customer's event log and histories.
export { historyRoutes } from './routes';
