// The order book: the matcher, the orders screen's calls, the history lists, the house's back office.
export { ordersDemoEvents, seedOrdersDemo } from './demo';
export { fundHouse, placeHouseOrder } from './house';
export { walkHouseAsks } from './house-asks';
export { orderRoutes } from './routes';
export { registerOrdersReconciliation } from './reconciliation';
export { bookVersion, engineOf, marketRates, orderLists, placeOrder, walkBook } from './service';
export { hasOpenOrders, lastTradePrice } from './repository/index';
