// Physical silver before the order: the catalogue, the checkout's checks, the freight quote, the charge calculation,
// coupons, and their back office (product types, coupons, fees and taxes, the house's bars). docs/silver.md.
export { type PricedOrder, priceOrder } from './charges';
export { returnCouponUse, saveCoupon, takeCouponUse } from './coupons';
export { adjustStock, saveProductType } from './products';
export { seedCatalogueDemo } from './demo';
// what an order of bars reads and moves of the catalogue, in the order's transaction (a move of stock marks the
// catalogue changed itself: stock.ts)
export { couponCodesById, stockLeft } from './repository/index';
export { returnStock, takeStockIfLeft } from './stock';
export { catalogueRoutes } from './routes';
export { loadSilverSettings } from './settings';
