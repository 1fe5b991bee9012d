// The money feature's back-office surface for the rest of the back office (app/admin's customer page), apart from
// index.ts: a customer's page that imports the feature's index never evaluates (so never downloads) these modules.
export { CustomerStatementSection } from './customer-statement-section';
