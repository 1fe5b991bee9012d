// The reserves feature's back-office surface for the rest of the back office: the shortfall alert.
export { ReservesShortfallBanner } from './shortfall-banner';
