// The price-alerts feature: its page loads through the router, in its own chunk (app/more-routes.tsx).
export { PRICE_ALERTS_QUERY_KEY } from './api/price-alerts';
