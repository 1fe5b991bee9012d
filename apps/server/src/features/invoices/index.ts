// Invoices (Minhas notas): issued from the ledger's and the orders' facts through the invoicing port. docs/fiscal.md.
export { issueDueInvoices, startInvoiceIssuer } from './issue';
export { invoiceRoutes } from './routes';
export { fiscalDemoEvents } from './demo';
