// The catalogue feature's public surface: the pieces of a physical-silver order that the custody withdrawal
// (features/silver-withdrawals) shares with the checkout. Pages load through the router, each in its own chunk.
export { quoteShipping, validateQuantity } from './api/checkout';
export { HISTORY_QUERY_KEY } from './api/keys';
export { useProductTypes } from './api/use-product-types';
export { orderItemOf, useSilverCharge } from './api/use-silver-charge';
export { RECALCULATION_DELAY_MS } from './components/cart-step';
export { ChargeBreakdown } from './components/charge-breakdown';
export { CouponDialog } from './components/coupon-dialog';
export { FeeInfoDialog } from './components/fee-info-dialog';
export { ProductImage } from './components/product-card';
export { QuantityInput } from './components/quantity-input';
export { ShippingOptions } from './components/shipping-options';
export { SilverPixDialog } from './components/silver-pix-dialog';
export { StepButtons } from './components/step-buttons';
export { businessDays, grams, OUT_OF_STOCK, SILVER_HISTORY_PATH, units } from './labels';
