// The support feature's SQL, moved here file by file: faqs.ts, contact.ts (the contact information), attachments.ts
// (a ticket's files). The tickets, categories, the back office and the visitors' proofs still run their own
// (SQL_OUTSIDE_REPOSITORIES in .dependency-cruiser.cjs).
export * from './attachments';
export * from './contact';
export * from './faqs';
