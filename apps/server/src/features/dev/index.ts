// The local development mailbox (PRATA_DEV_MAILBOX=1 only).
export { devRoutes } from './routes';
