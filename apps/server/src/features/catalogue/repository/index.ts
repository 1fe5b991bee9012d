// The catalogue's SQL, all of it: product-types.ts for the products and their stock (also as orders of bars take
// and give it back), coupons.ts for the coupons and their uses, settings.ts for the company's state, the Pix window
// and the ICMS rates. Each function takes an Executor (the pool or a transaction) first and answers plain rows; the
// rules stay in the services.
export * from './coupons';
export * from './product-types';
export * from './settings';
