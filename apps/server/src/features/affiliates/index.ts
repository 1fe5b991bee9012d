// The affiliate program: the customer's coupon, referral link, referred customers and rewards; the crediter that pays
// rewards through the ledger after the order book's trades; the back office's rule and lists. docs/affiliates.md.
export { affiliatesDemoEvents } from './demo';
export { affiliateRoutes } from './routes';
export { registerAffiliatesReconciliation } from './reconciliation';
