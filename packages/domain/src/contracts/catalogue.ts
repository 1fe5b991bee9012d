import { z } from 'zod';
import { MESSAGES } from '../messages';
import { parseDecimal } from '../money/index';
import { onlyDigits } from '../text';
import { boundedString, emailField, integerField, pageOf, withUnits, pageParam } from './common';

/**
 * Physical silver, the catalogue and the charges (spec 1 §2.3–2.5, §3, §4.1, §4.2, §5, §7; spec 3 "Retirar prata";
 * docs/silver.md). Money travels in reais and silver in grams as dot-decimal numbers (R$ 1.234,56 is 1234.56), rates
 * as percentages (18 is 18%, 0.65 is 0,65%); the server keeps centavos, centigrams and basis points. Field names are
 * the spec's, including the shipping services' capitalised ones (Frenet's).
 */

export const PRODUCT_AVAILABILITY = ['in_stock', 'out_of_stock'] as const;
export type ProductAvailability = (typeof PRODUCT_AVAILABILITY)[number];

/** How many product types a catalogue page holds (per_page). */
export const CATALOGUE_PAGE_SIZE = 12;
/** At most this many different products in one cart, and this many units of one. */
export const CART_MAX_ITEMS = 20;
export const CART_MAX_UNITS = 1000;

/** An image of a product type: `path` is a URL the web can load as is (e.g. /api/catalogue/images/bar-100g.png). */
export const ProductTypeImage = z.object({ path: z.string() });
export type ProductTypeImage = z.infer<typeof ProductTypeImage>;

/**
 * A product type of the catalogue (spec 1 §3, spec 3 §3). `price` is the 'no Pix' price of ONE unit in reais: the
 * silver value of its grams at the house's current asks + minting + insurance + the taxes of a sale inside the
 * company's state, without freight (docs/silver.md); 0 when the house has no silver for sale. `stock` is units.
 */
export const ProductType = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** reais */
  price: z.number(),
  images: z.array(ProductTypeImage),
  /** grams */
  grams_per_unit: z.number(),
  icon: z.string().nullable(),
  availability: z.enum(PRODUCT_AVAILABILITY),
  /** units in stock */
  stock: z.number().int(),
});
export type ProductType = z.infer<typeof ProductType>;

/** GET /api/silver-withdrawal-product-types?page=N (public) */
export const ProductTypesQuery = z.object({ page: pageParam() });
export const ProductTypesResponse = z.object({ productTypes: pageOf(ProductType) });
export type ProductTypesResponse = z.infer<typeof ProductTypesResponse>;

/** GET /api/silver-withdrawal-product-type/{id} (public; 404 for an unknown or withdrawn product) */
export const ProductTypeResponse = z.object({ productType: ProductType });
export type ProductTypeResponse = z.infer<typeof ProductTypeResponse>;

/** POST /api/silver-withdrawal/check-email (public) */
export const CheckEmailRequest = z.object({ email: emailField() });
export type CheckEmailRequest = z.infer<typeof CheckEmailRequest>;
export const CheckEmailResponse = z.object({ exists: z.boolean() });
export type CheckEmailResponse = z.infer<typeof CheckEmailResponse>;
// POST /api/silver-withdrawal/check-password takes LoginRequest and answers LoginResponse (contracts/auth.ts): the
// same as POST /api/login, second factor included.

/** A product id of a cart: required ('Escolha uma das opções acima'). */
const productTypeIdField = () => integerField(MESSAGES.chooseOption, 1, Number.MAX_SAFE_INTEGER);

/** Units of a product: required, a whole number, not zero ('Informe uma quantidade para a retirada'). */
export const unitQuantityField = () =>
  z
    .union([z.number(), boundedString({ max: 12 })], { error: MESSAGES.withdrawalQuantityRequired })
    .transform((v, ctx) => {
      const text = typeof v === 'number' ? String(v) : v.trim();
      if (text === '' || /^0+$/.test(text) || v === 0) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.withdrawalQuantityRequired });
        return z.NEVER;
      }
      if (!/^\d{1,7}$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.withdrawalQuantityInteger });
        return z.NEVER;
      }
      const n = Number(text);
      if (n > CART_MAX_UNITS) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.withdrawalQuantityTooLarge });
        return z.NEVER;
      }
      return n;
    });

/** One line of a cart: a product and how many units. */
export const CartItem = z.object({ product_type_id: productTypeIdField(), quantity: unitQuantityField() });
export type CartItem = z.input<typeof CartItem>;

/** The cart's items: at least one (spec 1 §5), no product twice ('Este item já está no carrinho'). */
export const cartItemsField = <T extends z.ZodType<{ product_type_id: number }>>(item: T) =>
  z
    .array(item, { error: MESSAGES.cartNeedsItem })
    .min(1, MESSAGES.cartNeedsItem)
    .max(CART_MAX_ITEMS, MESSAGES.cartTooManyItems)
    .superRefine((items, ctx) => {
      const seen = new Set<number>();
      items.forEach((it, index) => {
        if (seen.has(it.product_type_id))
          ctx.addIssue({ code: 'custom', path: [index, 'product_type_id'], message: MESSAGES.cartDuplicateItem });
        seen.add(it.product_type_id);
      });
    });

/** POST /api/silver-withdrawal/validate-quantity (public): `{ message }`, or 422 saying what is wrong. */
export const ValidateQuantityRequest = z.object({ items: cartItemsField(CartItem) });
export type ValidateQuantityRequest = z.input<typeof ValidateQuantityRequest>;

/** A CEP: required, 8 digits, with or without the mask ('Informe o CEP com todos os dígitos'); answered as digits. */
export const cepField = () =>
  boundedString({
    max: 16,
    required: MESSAGES.cepIncomplete,
    tooLong: MESSAGES.cepIncomplete,
    invalid: MESSAGES.cepIncomplete,
  })
    .refine((v) => onlyDigits(v).length === 8 && /^[\d\s.-]+$/.test(v), MESSAGES.cepIncomplete)
    .transform((v) => onlyDigits(v));

/** Grams (dot or comma, at most 2 decimals, positive, at most 100 kg) → centigrams. */
export const shippingGramsField = () =>
  z
    .union([z.number(), boundedString({ max: 20 })], { error: MESSAGES.shippingQuantityRequired })
    .transform((v, ctx) => {
      const parsed = parseDecimal(v, { max: 10_000_000 });
      if (!parsed.ok) {
        ctx.addIssue({
          code: 'custom',
          message: parsed.reason === 'too_large' ? MESSAGES.shippingTooHeavy : MESSAGES.shippingQuantityRequired,
        });
        return z.NEVER;
      }
      return parsed.minor;
    });

/** POST /api/silver-withdrawal/shipping-quote (public; CEP as digits) */
export const ShippingQuoteRequest = withUnits(
  z.object({
    quantity_grams: shippingGramsField(),
    address: z.object({ cep: cepField() }, { error: MESSAGES.cepIncomplete }),
  }),
  { quantity_grams: 'quantity_cg' },
);
export type ShippingQuoteRequest = z.input<typeof ShippingQuoteRequest>;

/**
 * A shipping option (Frenet's names). An entry with `Error` cannot serve the CEP: the screens drop it and sort the
 * rest by DeliveryTime (spec 1 §7).
 */
export const ShippingService = z.object({
  Carrier: z.string(),
  ServiceCode: z.string(),
  ServiceDescription: z.string(),
  /** reais */
  ShippingPrice: z.number(),
  /** business days */
  DeliveryTime: z.number().int(),
  Error: z.string().nullable(),
});
export type ShippingService = z.infer<typeof ShippingService>;

export const ShippingQuoteResponse = z.object({ shippingServices: z.array(ShippingService) });
export type ShippingQuoteResponse = z.infer<typeof ShippingQuoteResponse>;

/**
 * The chosen shipping option as the client sends it back: only Carrier and ServiceCode are read, the price is quoted
 * again by the server (never taken from the client). Other fields are accepted and ignored.
 */
export const ShippingServiceChoice = z.object(
  {
    Carrier: boundedString({ max: 60, required: MESSAGES.chooseOption }).min(1, MESSAGES.chooseOption),
    ServiceCode: boundedString({ max: 60, required: MESSAGES.chooseOption }).min(1, MESSAGES.chooseOption),
    ServiceDescription: boundedString({ max: 200 }).nullish(),
    ShippingPrice: z.union([z.number(), boundedString({ max: 40 })]).nullish(),
    DeliveryTime: z.union([z.number(), boundedString({ max: 40 })]).nullish(),
    Error: z.union([z.boolean(), boundedString({ max: 500 })]).nullish(),
  },
  { error: MESSAGES.chooseOption },
);
export type ShippingServiceChoice = z.input<typeof ShippingServiceChoice>;

/** A city id (IBGE code) of an address: required. */
export const cityIdField = () => integerField(MESSAGES.cityRequired, 1, 9_999_999);

/** A coupon code as typed: trimmed, upper-cased, letters, digits, '-' and '_'. */
export const couponCodeField = () =>
  boundedString({ max: 40, required: MESSAGES.couponRequired, invalid: MESSAGES.couponInvalid })
    .min(1, MESSAGES.couponRequired)
    .transform((v) => v.toUpperCase());

/** The flags every charge calculation carries (spec 1 §6): always sent by the screens. */
const flagField = () => z.boolean({ error: MESSAGES.invalidData });

/**
 * POST /api/silver-withdrawal/calculate-charge (public for a purchase; includeSilverValue false, a withdrawal from
 * custody, needs a session). onlyAdminOrders must be true: the silver is priced from the house's own sell orders.
 */
export const CalculateChargeRequest = z.object({
  items: cartItemsField(CartItem),
  address: z.object({ cep: cepField(), city_id: cityIdField() }, { error: MESSAGES.cepIncomplete }),
  shippingService: ShippingServiceChoice,
  coupon_code: couponCodeField().nullish(),
  includeSilverValue: flagField(),
  onlyAdminOrders: flagField().default(true),
});
export type CalculateChargeRequest = z.input<typeof CalculateChargeRequest>;
export type CalculateChargeInput = z.output<typeof CalculateChargeRequest>;

/** The money lines of a charge, in reais (spec 1 §3 Totals). */
const chargeLines = {
  /** reais per gram of silver at the house's current asks (charged only when the silver value is included) */
  price_per_gram: z.number(),
  /** reais: the silver charged (0 in a custody withdrawal) */
  silver_value: z.number(),
  minting_fee: z.number(),
  shipping_fee: z.number(),
  insurance_fee: z.number(),
  icms: z.number(),
  difal: z.number(),
  pis: z.number(),
  cofins: z.number(),
  /** reais the coupon took off minting, insurance and freight (those lines are already after it) */
  discount: z.number(),
  /** reais: silver value + minting + shipping + insurance + icms + difal + pis + cofins */
  total: z.number(),
};

/** One item of a calculated charge. */
export const ChargeItem = z.object({
  product_type_id: z.number().int(),
  quantity: z.number().int(),
  /** grams */
  quantity_grams: z.number(),
  ...chargeLines,
});
export type ChargeItem = z.infer<typeof ChargeItem>;

export const ChargeTotals = z.object({ quantity_grams: z.number(), ...chargeLines });
export type ChargeTotals = z.infer<typeof ChargeTotals>;

/**
 * A coupon (spec 1 §3): transaction_fee is the operating-fee percentage it grants (shown on screen: 0.25 is 0,25%);
 * discount_percent is what it takes off the platform's own charges of a silver order (minting, insurance, freight).
 */
export const Coupon = z.object({
  id: z.number().int(),
  code: z.string(),
  transaction_fee: z.number(),
  discount_percent: z.number(),
});
export type Coupon = z.infer<typeof Coupon>;

/**
 * What the breakdown explains (rates as rates, amounts as amounts, the coupon in its own words), all from
 * the same calculation as `totals`. Money in reais, rates as percentages (18 is 18%).
 */
export const ChargeExplanation = z.object({
  /** minting, insurance and freight before the coupon (the totals' lines are after it) */
  minting_fee: z.number(),
  insurance_fee: z.number(),
  shipping_fee: z.number(),
  /** units of all items (minting is a fee per unit) */
  units: z.number().int(),
  /** percentage of the silver's market value; null when the items' products have different rates */
  insurance_rate: z.number().nullable(),
  /** the market value of the order's grams at the house's asks: the insurance's base */
  insured_value: z.number(),
  /** the coupon's percentage off minting + insurance + freight (0 without one), and that sum before it */
  discount_rate: z.number(),
  discount_base: z.number(),
  /** silver value + minting + insurance + freight after the coupon: what the four taxes are rates of */
  tax_base: z.number(),
  icms_rate: z.number(),
  difal_rate: z.number(),
  /** null when the items' products have different rates */
  pis_rate: z.number().nullable(),
  cofins_rate: z.number().nullable(),
  /** a sale to another state: ICMS at the interstate rate, plus DIFAL */
  interstate: z.boolean(),
  origin_state: z.string(),
  destination_state: z.string(),
});
export type ChargeExplanation = z.infer<typeof ChargeExplanation>;

export const CalculateChargeResponse = z.object({
  items: z.array(ChargeItem),
  totals: ChargeTotals,
  coupon: Coupon.nullable(),
  /** always answered by the server; optional so a client can read an older answer */
  explanation: ChargeExplanation.optional(),
});
export type CalculateChargeResponse = z.infer<typeof CalculateChargeResponse>;

/** GET /api/coupon?code= (public). Unknown, expired or used up: 422 COUPON_INVALID with `errors.code`. */
export const CouponQuery = z.object({ code: couponCodeField() });
export const CouponResponse = z.object({ coupon: Coupon });
export type CouponResponse = z.infer<typeof CouponResponse>;

/** GET /api/catalogue/images/{name}: a demo product image (public, cached). */
export const ProductImageParams = z.object({
  name: z
    .string()
    .max(80)
    .regex(/^[a-z0-9][a-z0-9-]{0,60}\.png$/, MESSAGES.productNotFound),
});
/** GET /api/catalogue/images/uploads/{name}: an image operators uploaded (a random name, its real type). */
export const UploadedProductImageParams = z.object({
  name: z
    .string()
    .max(80)
    .regex(/^[a-f0-9]{32}\.(png|jpg|webp)$/, MESSAGES.productNotFound),
});
/** Where the catalogue serves the images operators upload: this prefix and the stored name. */
export const UPLOADED_PRODUCT_IMAGES_PATH = '/api/catalogue/images/uploads/';
export const ProductImageFileResponse = {
  description: 'A imagem do produto (PNG, JPEG ou WebP).',
  content: {
    'image/png': { schema: z.file() },
    'image/jpeg': { schema: z.file() },
    'image/webp': { schema: z.file() },
  },
};
