// Physical silver before the order: the catalogue, the checkout's checks, the freight quote, the charge calculation,
// coupons, and their back office (product types, coupons, fees and taxes, the house's bars). docs/silver.md.
export {
  type CartLine,
  checkCart,
  type PricedOrder,
  type PricingInput,
  presentCharges,
  presentShippingOption,
  priceOrder,
  quoteShipping,
} from './charges';
export {
  type CouponRow,
  couponProblem,
  listCouponsForAdmin,
  presentCoupon,
  returnCouponUse,
  saveCoupon,
  takeCouponUse,
} from './coupons';
export {
  adjustStock,
  houseBarStock,
  listProductTypesForAdmin,
  saveProductType,
} from './products';
export { catalogueVersion } from './cache';
export { seedCatalogueDemo } from './demo';
// what an order of bars reads and moves of the catalogue, in the order's transaction (a move of stock marks the
// catalogue changed itself: stock.ts)
export { couponCodesById, stockLeft } from './repository/index';
export { returnStock, takeStockIfLeft } from './stock';
export { catalogueRoutes } from './routes';
export { loadSilverSettings, silverSettingsView, taxRatesFor, updateSilverSettings } from './settings';
