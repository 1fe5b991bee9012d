// Price alerts: above or below a price per gram, fired once from the trades as they commit, by e-mail (the outbox)
// and Web Push; the browsers' push subscriptions. docs/price-alerts.md.
export { alertCheckerOf, checkPriceAlerts } from './firing';
export { vapidKeys } from './push';
export { priceAlertRoutes } from './routes';
