// The profile feature's public surface (/register/finish and /meus-dados): what the back office reads of a customer.
export { listBanking } from './banking';
export { listDocuments, readDocument } from './documents';
export { profileRoutes } from './routes';
export { listLimitRequests, presentLimitRequest } from './trading-limit';
// The CPF-status check (only a regular CPF passes), for the guest checkout's buyer.
export { checkCpfStatus } from './service';
