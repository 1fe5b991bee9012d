import { lazy } from 'react';

const OrdersPage = lazy(() => import('./pages/orders-page').then((m) => ({ default: m.OrdersPage })));

/**
 * /ordens, mounted by app/router.tsx. A module of its own in front of the page: the entry chunk, on every first load,
 * lists the chunks each lazy route preloads, and the orders screen's list is long (MUI's tabs, tables, toggles and
 * forms); this module's is two chunks. The page follows in the next request.
 */
export function Component() {
  return <OrdersPage />;
}
