/**
 * The back office's cache keys that more than one feature's pages read or invalidate: a customer's page (app/admin)
 * shows the statement (features/money), and a deposit reviewed refreshes the customer; the physical silver's tabs
 * (features/catalogue, features/silver-withdrawals) refresh one another, a rejected shipment putting units back in stock.
 */
export const CUSTOMERS_QUERY_KEY = ['admin', 'customers'] as const;
export const customerQueryKey = (id: number) => [...CUSTOMERS_QUERY_KEY, 'detail', id] as const;

export const ADMIN_SILVER_QUERY_KEY = ['admin', 'silver'] as const;
