// /meu-historico: the customer's event log and histories; the page shape every history tab reads.
export { HISTORY_PAGE_SIZE, page, historyRoutes } from './routes';
