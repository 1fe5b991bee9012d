import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isUf, type Uf } from '../documents/index';
import { parseDecimal } from '../money/index';
import { Coupon, PRODUCT_AVAILABILITY, ProductType, ProductTypeImage } from './catalogue';
import {
  boundedString,
  integerField,
  isoDateTime,
  numberOrText,
  optionalInstantField,
  optionalText,
  requiredText,
  withUnits,
  decimalParam,
} from './common';
import { shownMoney } from './silver-withdrawals';

// The catalogue's back office (operators): product types and their images, coupons, fees and taxes, the house's
// bars. The fulfilment queue of orders is in silver-withdrawals.ts.

/** A percentage typed by an operator (0 to 100, up to 2 decimals) → basis points. */
export const percentField = () =>
  z.union([z.number(), boundedString({ max: 12 })], { error: MESSAGES.rateInvalid }).transform((v, ctx) => {
    const parsed = parseDecimal(v, { max: 10_000, allowZero: true });
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.rateInvalid });
      return z.NEVER;
    }
    return parsed.minor;
  });

/** Reais typed by an operator (zero allowed) → centavos. */
const adminMoney = () => shownMoney();

/** A product type as operators edit it: what the catalogue shows plus its fees, rates and whether it is on sale. */
export const AdminProductType = ProductType.extend({
  active: z.boolean(),
  /** reais per unit */
  minting_fee: z.number(),
  /** percentages */
  insurance_rate: z.number(),
  pis_rate: z.number(),
  cofins_rate: z.number(),
  position: z.number().int(),
});
export type AdminProductType = z.infer<typeof AdminProductType>;

/** POST /api/admin/silver-product-types, PUT /api/admin/silver-product-types/{id} */
const productTypeFields = z.object({
  name: requiredText(MESSAGES.productNameRequired, 120),
  description: boundedString({ max: 2000, multiline: true }).default(''),
  grams_per_unit: shippingGramsFieldForAdmin(),
  stock: integerField(MESSAGES.stockInvalid, 0, 1_000_000),
  active: z.boolean().default(true),
  icon: optionalText(60),
  /** image paths as the storage serves them (uploads are the back office's business) */
  images: z
    .array(boundedString({ max: 300 }))
    .max(10)
    .default([]),
  minting_fee: adminMoney(),
  insurance_rate: percentField(),
  pis_rate: percentField(),
  cofins_rate: percentField(),
  position: numberOrText().pipe(z.coerce.number<string | number>().int().min(0).max(10_000)).default(0),
});
/** What the fields hold once parsed: centigrams, centavos and basis points. */
const productTypeUnits = {
  grams_per_unit: 'grams_per_unit_cg',
  minting_fee: 'minting_fee_cents',
  insurance_rate: 'insurance_rate_bps',
  pis_rate: 'pis_rate_bps',
  cofins_rate: 'cofins_rate_bps',
} as const;
export const ProductTypeRequest = withUnits(productTypeFields, productTypeUnits);
export type ProductTypeRequest = z.input<typeof ProductTypeRequest>;
export type ProductTypeInput = z.output<typeof ProductTypeRequest>;

/**
 * PUT /api/admin/silver-product-types/{id}: the same fields without `stock` (sent, it is ignored). The stock is set
 * when the product is created and then moves only by deltas (POST …/{id}/stock, sales, cancellations), so a save
 * never overwrites the units sold between the operator's read and the save.
 */
export const ProductTypeUpdateRequest = withUnits(productTypeFields.omit({ stock: true }), productTypeUnits);
export type ProductTypeUpdateRequest = z.input<typeof ProductTypeUpdateRequest>;
export type ProductTypeUpdateInput = z.output<typeof ProductTypeUpdateRequest>;

/** POST /api/admin/silver-product-types/{id}/stock: units in (+) or out (−); the stock never goes below zero. */
export const StockAdjustRequest = z.object({
  delta: integerField(MESSAGES.stockInvalid, -1_000_000, 1_000_000),
});
export type StockAdjustRequest = z.input<typeof StockAdjustRequest>;

/**
 * DELETE /api/admin/silver-product-types/{id}/images?path= or ?index=: one image of the product, by the path it is
 * served at or by its position (0 is the cover). An uploaded file no other product shows is deleted from storage.
 */
export const ProductImageDeleteQuery = z
  .object({
    path: boundedString({ max: 300 }).optional(),
    index: decimalParam(0, 9).optional(),
  })
  .refine((q) => (q.path === undefined) !== (q.index === undefined), {
    message: MESSAGES.productImageWhich,
    path: ['path'],
  });
export type ProductImageDeleteQuery = z.input<typeof ProductImageDeleteQuery>;

function shippingGramsFieldForAdmin() {
  return z
    .union([z.number(), boundedString({ max: 20 })], { error: MESSAGES.productGramsRequired })
    .transform((v, ctx) => {
      const parsed = parseDecimal(v, { max: 10_000_000 });
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.productGramsRequired });
        return z.NEVER;
      }
      return parsed.minor;
    });
}

export const AdminProductTypesResponse = z.object({ productTypes: z.array(AdminProductType) });
export const AdminProductTypeResponse = z.object({ productType: AdminProductType, message: z.string() });
export type AdminProductTypeResponse = z.infer<typeof AdminProductTypeResponse>;
/**
 * POST /api/admin/silver-product-types/{id}/images (multipart, one file in `image`: PNG, JPEG or WebP by content, at
 * most 5 MB) → 201: the product with the image added last, and the new image's path (served publicly).
 */
export const ProductImageUploadResponse = z.object({
  productType: AdminProductType,
  image: ProductTypeImage,
  message: z.string(),
});
export type ProductImageUploadResponse = z.infer<typeof ProductImageUploadResponse>;

/** A coupon as operators edit it. */
export const AdminCoupon = Coupon.extend({
  valid_from: isoDateTime().nullable(),
  valid_until: isoDateTime().nullable(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  active: z.boolean(),
});
export type AdminCoupon = z.infer<typeof AdminCoupon>;

/** POST /api/admin/coupons, PUT /api/admin/coupons/{id} */
export const CouponRequest = withUnits(
  z
    .object({
      code: boundedString({ max: 40, required: MESSAGES.couponRequired })
        .min(1, MESSAGES.couponRequired)
        .regex(/^[A-Za-z0-9_-]+$/, MESSAGES.couponInvalid)
        .transform((v) => v.toUpperCase()),
      transaction_fee: percentField(),
      discount_percent: percentField(),
      valid_from: optionalInstantField(MESSAGES.couponValidityInvalid),
      valid_until: optionalInstantField(MESSAGES.couponValidityInvalid),
      max_uses: numberOrText().pipe(z.coerce.number<string | number>().int().positive().max(1_000_000)).nullish(),
      active: z.boolean().default(true),
    })
    .refine((c) => !c.valid_from || !c.valid_until || Date.parse(c.valid_until) > Date.parse(c.valid_from), {
      path: ['valid_until'],
      message: MESSAGES.couponValidityOrder,
    }),
  { transaction_fee: 'transaction_fee_bps', discount_percent: 'discount_bps' },
);
export type CouponRequest = z.input<typeof CouponRequest>;
export type CouponInput = z.output<typeof CouponRequest>;

export const AdminCouponsResponse = z.object({ coupons: z.array(AdminCoupon) });
export const AdminCouponResponse = z.object({ coupon: AdminCoupon, message: z.string() });

/** The ICMS of one destination state: its internal rate and the interstate rate from the company's state. */
export const IcmsRate = z.object({ state: z.string(), internal_rate: z.number(), interstate_rate: z.number() });

/** GET/PUT /api/admin/silver-settings: the company's state, the Pix window and the ICMS table. */
export const SilverSettings = z.object({
  origin_state: z.string(),
  pix_expiry_minutes: z.number().int(),
  icms: z.array(IcmsRate),
});
export type SilverSettings = z.infer<typeof SilverSettings>;
/** One of the 27 UFs ('sp' is read as 'SP'): a state that does not exist has no ICMS and no freight. */
const ufField = () =>
  z
    .string({ error: MESSAGES.stateInvalid })
    .max(2, MESSAGES.stateInvalid)
    .refine(isUf, MESSAGES.stateInvalid)
    .transform((v) => v.toUpperCase() as Uf);

export const SilverSettingsRequest = z.object({
  origin_state: ufField(),
  pix_expiry_minutes: numberOrText().pipe(
    z.coerce
      .number<string | number>()
      .int()
      .min(5)
      .max(24 * 60),
  ),
  icms: z
    .array(
      withUnits(
        z.object({
          state: ufField(),
          internal_rate: percentField(),
          interstate_rate: percentField(),
        }),
        { internal_rate: 'internal_rate_bps', interstate_rate: 'interstate_rate_bps' },
      ),
    )
    .max(27),
});
export type SilverSettingsRequest = z.input<typeof SilverSettingsRequest>;
export type SilverSettingsInput = z.output<typeof SilverSettingsRequest>;
export const SilverSettingsResponse = z.object({ settings: SilverSettings, message: z.string().optional() });

/** The house's bars: stock per product type and the house's silver (grams). */
export const HouseBarStock = z.object({
  products: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      grams_per_unit: z.number(),
      stock: z.number().int(),
      /** units waiting to be packed or in transit (paid, not yet sent) */
      to_ship: z.number().int(),
      availability: z.enum(PRODUCT_AVAILABILITY),
    }),
  ),
  /** grams the house has free (house:available) and reserved for paid and pending purchases (house:held) */
  house_available_grams: z.number(),
  house_held_grams: z.number(),
});
export type HouseBarStock = z.infer<typeof HouseBarStock>;
/** POST /api/admin/silver-product-types/{id}/stock: the house's bars after the change, and what happened. */
export const StockAdjustResponse = HouseBarStock.extend({ message: z.string() });
export type StockAdjustResponse = z.infer<typeof StockAdjustResponse>;
