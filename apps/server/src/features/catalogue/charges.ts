import { logFailure } from '@/lib/log-failure';
import {
  type CalculateChargeInput,
  computeCharges,
  MESSAGES,
  minorToDecimal,
  type SilverChargeLine,
  type SilverCharges,
  type SilverChargeTotals,
  type SilverTaxRates,
  ufForCep,
} from '@prata/domain';
import type { ShippingOption } from '@/adapters/shipping/index';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import type { ProductTypeRow } from '@/db/rows';
import { AppError, invalid } from '@/lib/errors';
import { type CityResult, findCity } from '@/features/cities/index';
import { walkHouseAsks } from '@/features/orders/index';
import { type CouponRow, presentCoupon, usableCouponByCode, usableCouponById } from './coupons';
import { productTypesById } from './repository/index';
import { loadSilverSettings, taxRatesFor } from './settings';

export type CartLine = { productTypeId: number; quantity: number };

/**
 * The products of a cart, each active and with the units asked for in stock (spec 1 §4.1: step 1 advances only when
 * this passes). 422 PRODUCT_UNAVAILABLE (unknown or withdrawn) or STOCK_EXCEEDED (saying how many are left).
 */
async function checkCart(db: Executor, items: readonly CartLine[]): Promise<ProductTypeRow[]> {
  const byId = await productTypesById(
    db,
    items.map((i) => i.productTypeId),
  );
  return items.map((item) => {
    const p = byId.get(item.productTypeId);
    if (!p) throw invalid('items', MESSAGES.productNotFound, 'PRODUCT_UNAVAILABLE');
    if (!p.active) throw invalid('items', MESSAGES.productUnavailable(p.name), 'PRODUCT_UNAVAILABLE');
    if (item.quantity > p.stock) {
      const message = p.stock === 0 ? MESSAGES.productSoldOut(p.name) : MESSAGES.stockExceeded(p.name, p.stock);
      throw invalid('items', message, 'STOCK_EXCEEDED');
    }
    return p;
  });
}

/** POST /api/silver-withdrawal/validate-quantity */
export async function validateQuantity(deps: AppDeps, items: readonly CartLine[]) {
  await checkCart(deps.database.db, items);
  return { message: MESSAGES.quantityAvailable };
}

/** The state of a CEP, or 422 on `address.cep`. */
function stateOfCep(cep: string): string {
  const state = ufForCep(cep);
  if (!state) throw invalid('address.cep', MESSAGES.cepNotFound);
  return state;
}

/**
 * The spec's order of freight options: the fastest first (DeliveryTime ascending), the cheaper first among equally fast
 * ones, then the service code so the order never depends on the carrier's; entries with an Error (their time and price
 * mean nothing) after every usable one.
 */
function byDeliveryTime(a: ShippingOption, b: ShippingOption): number {
  return (
    Number(a.error !== null) - Number(b.error !== null) ||
    a.deliveryDays - b.deliveryDays ||
    a.priceCents - b.priceCents ||
    a.serviceCode.localeCompare(b.serviceCode)
  );
}

/**
 * Freight options for `silverCg` to `cep` (POST /api/silver-withdrawal/shipping-quote), in the spec's order
 * (`byDeliveryTime`). Entries with an Error are kept (the screens drop them); the service failing is 503
 * SHIPPING_QUOTE_FAILED; no service at all for the CEP is 422 SHIPPING_UNAVAILABLE.
 */
async function quoteShipping(
  deps: AppDeps,
  cep: string,
  silverCg: number,
  declaredValueCents = 0,
): Promise<ShippingOption[]> {
  stateOfCep(cep);
  let options: ShippingOption[];
  try {
    options = await deps.adapters.shipping.quote({
      originCep: deps.config.shippingOriginCep,
      destinationCep: cep,
      silverCg,
      declaredValueCents,
    });
  } catch (err) {
    logFailure('shipping: the freight quote failed', err, 'warn');
    throw new AppError('SHIPPING_QUOTE_FAILED', MESSAGES.shippingQuoteFailed);
  }
  if (options.length === 0) throw invalid('address.cep', MESSAGES.shippingNoOptions, 'SHIPPING_UNAVAILABLE');
  return [...options].sort(byDeliveryTime);
}

const presentShippingOption = (o: ShippingOption) => ({
  Carrier: o.carrier,
  ServiceCode: o.serviceCode,
  ServiceDescription: o.serviceDescription,
  ShippingPrice: minorToDecimal(o.priceCents),
  DeliveryTime: o.deliveryDays,
  Error: o.error,
});

/** POST /api/silver-withdrawal/shipping-quote */
export async function shippingQuote(deps: AppDeps, cep: string, silverCg: number) {
  const options = await quoteShipping(deps, cep, silverCg);
  return { shippingServices: options.map(presentShippingOption) };
}

export type PricingInput = {
  items: readonly CartLine[];
  cep: string;
  cityId: number;
  shipping: { Carrier: string; ServiceCode: string };
  coupon: { code: string } | { id: number } | null;
  includeSilverValue: boolean;
};

export type PricedOrder = {
  /** the products of the items, in the items' order */
  products: ProductTypeRow[];
  charges: SilverCharges;
  coupon: CouponRow | null;
  shipping: ShippingOption;
  city: CityResult;
  destinationState: string;
  /** centigrams of all items */
  silverCg: number;
  /** centavos: the market value of those grams at the house's asks */
  marketValueCents: number;
  /** the ICMS rates applied, and the company's state they depend on */
  taxes: SilverTaxRates;
  originState: string;
};

/**
 * Everything an order costs now (docs/silver.md), computed by the server from the catalogue, the house's asks, the
 * freight quoted again (never the client's price), the coupon and the tax tables. The same function prices the
 * calculate-charge answer and the order itself, so what the customer was shown and what they pay differ only if
 * something moved in between.
 */
export async function priceOrder(
  deps: AppDeps,
  input: PricingInput,
  db: Executor = deps.database.db,
): Promise<PricedOrder> {
  const products = await checkCart(db, input.items);
  const city = findCity(input.cityId);
  if (!city) throw invalid('address.city_id', MESSAGES.cityRequired);
  const cepState = stateOfCep(input.cep);
  if (cepState !== city.state) throw invalid('address.cep', MESSAGES.cepStateMismatch(cepState, city.state));
  const silverCg = input.items.reduce((s, item, i) => s + item.quantity * products[i]!.gramsPerUnitCg, 0);

  const walk = await walkHouseAsks(db, silverCg);
  if (walk.filledCg < silverCg) throw new AppError('SILVER_PRICE_UNAVAILABLE', MESSAGES.silverPriceUnavailable);

  const options = await quoteShipping(deps, input.cep, silverCg, walk.valueCents);
  const shipping = options.find(
    (o) => o.carrier === input.shipping.Carrier && o.serviceCode === input.shipping.ServiceCode && o.error === null,
  );
  if (!shipping) throw invalid('shippingService', MESSAGES.shippingUnavailable, 'SHIPPING_UNAVAILABLE');

  const coupon = !input.coupon
    ? null
    : 'code' in input.coupon
      ? await usableCouponByCode(db, input.coupon.code)
      : await usableCouponById(db, input.coupon.id);

  const settings = await loadSilverSettings(db);
  const taxes = await taxRatesFor(db, settings.originState, city.state);
  const charges = computeCharges({
    items: input.items.map((item, i) => {
      const p = products[i]!;
      return {
        productTypeId: p.id,
        quantity: item.quantity,
        gramsPerUnitCg: p.gramsPerUnitCg,
        mintingFeePerUnitCents: p.mintingFeeCents,
        insuranceRateBps: p.insuranceRateBps,
        pisRateBps: p.pisRateBps,
        cofinsRateBps: p.cofinsRateBps,
      };
    }),
    marketValueCents: walk.valueCents,
    includeSilverValue: input.includeSilverValue,
    shippingCents: shipping.priceCents,
    taxes,
    discountBps: coupon?.discountBps ?? 0,
  });
  return {
    products,
    charges,
    coupon,
    shipping,
    city,
    destinationState: city.state,
    silverCg,
    marketValueCents: walk.valueCents,
    taxes,
    originState: settings.originState,
  };
}

const lines = (l: SilverChargeLine | SilverChargeTotals) => ({
  price_per_gram: minorToDecimal(l.pricePerGramCents),
  silver_value: minorToDecimal(l.silverValueCents),
  minting_fee: minorToDecimal(l.mintingFeeCents),
  shipping_fee: minorToDecimal(l.shippingFeeCents),
  insurance_fee: minorToDecimal(l.insuranceFeeCents),
  icms: minorToDecimal(l.icmsCents),
  difal: minorToDecimal(l.difalCents),
  pis: minorToDecimal(l.pisCents),
  cofins: minorToDecimal(l.cofinsCents),
  discount: minorToDecimal(l.discountCents),
  total: minorToDecimal(l.totalCents),
});

/** The one rate all the products share, or null when they differ. */
const sharedRate = (products: readonly ProductTypeRow[], rate: (p: ProductTypeRow) => number) => {
  const rates = new Set(products.map(rate));
  return rates.size === 1 ? minorToDecimal([...rates][0]!) : null;
};

/** The breakdown's words: each rate with its base, the amounts before the coupon, the coupon's rate. */
function explain(priced: PricedOrder) {
  const t = priced.charges.totals;
  const { intrastate, internalRateBps, interstateRateBps } = priced.taxes;
  return {
    minting_fee: minorToDecimal(t.mintingGrossCents),
    insurance_fee: minorToDecimal(t.insuranceGrossCents),
    shipping_fee: minorToDecimal(t.shippingGrossCents),
    units: t.quantity,
    insurance_rate: sharedRate(priced.products, (p) => p.insuranceRateBps),
    insured_value: minorToDecimal(priced.marketValueCents),
    discount_rate: minorToDecimal(priced.coupon?.discountBps ?? 0),
    discount_base: minorToDecimal(t.mintingGrossCents + t.insuranceGrossCents + t.shippingGrossCents),
    tax_base: minorToDecimal(t.taxBaseCents),
    icms_rate: minorToDecimal(intrastate ? internalRateBps : interstateRateBps),
    difal_rate: minorToDecimal(intrastate ? 0 : Math.max(0, internalRateBps - interstateRateBps)),
    pis_rate: sharedRate(priced.products, (p) => p.pisRateBps),
    cofins_rate: sharedRate(priced.products, (p) => p.cofinsRateBps),
    interstate: !intrastate,
    origin_state: priced.originState,
    destination_state: priced.destinationState,
  };
}

function presentCharges(priced: PricedOrder) {
  return {
    explanation: explain(priced),
    items: priced.charges.items.map((l) => ({
      product_type_id: l.productTypeId,
      quantity: l.quantity,
      quantity_grams: minorToDecimal(l.gramsCg),
      ...lines(l),
    })),
    totals: { quantity_grams: minorToDecimal(priced.charges.totals.gramsCg), ...lines(priced.charges.totals) },
    coupon: priced.coupon ? presentCoupon(priced.coupon) : null,
  };
}

/**
 * POST /api/silver-withdrawal/calculate-charge. A purchase (includeSilverValue) is public; a withdrawal from custody
 * needs a session (the caller checks). onlyAdminOrders false is refused: the silver of a bar is only ever priced
 * from the house's own asks.
 */
export async function calculateCharge(deps: AppDeps, input: CalculateChargeInput) {
  if (!input.onlyAdminOrders) throw invalid('onlyAdminOrders', MESSAGES.invalidData);
  const priced = await priceOrder(deps, {
    items: input.items.map((i) => ({ productTypeId: i.product_type_id, quantity: i.quantity })),
    cep: input.address.cep,
    cityId: input.address.city_id,
    shipping: input.shippingService,
    coupon: input.coupon_code ? { code: input.coupon_code } : null,
    includeSilverValue: input.includeSilverValue,
  });
  return presentCharges(priced);
}
