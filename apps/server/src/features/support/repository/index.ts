// The support feature's SQL: faqs.ts, contact.ts (the contact information), attachments.ts (a ticket's files),
// tickets.ts (tickets, their messages and ratings, the visitors' proofs), categories.ts, demo.ts (the demo's seed).
export * from './attachments';
export * from './categories';
export * from './contact';
export * from './demo';
export * from './faqs';
export * from './tickets';
