// The profile feature's SQL: the customer's addresses, banking entries and documents, the account's own columns
// (users, companies, sessions) and the trading-limit requests.
export * from './account';
export * from './addresses';
export * from './banking';
export * from './documents';
export * from './trading-limit';
