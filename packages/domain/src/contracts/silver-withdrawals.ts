import { z } from 'zod';
import { MESSAGES } from '../messages';
import { SILVER_WITHDRAWAL_STATUS_LABELS } from '../messages/catalogue';
import { parseDecimal } from '../money/index';
import { onlyDigits } from '../text';
import {
  cartItemsField,
  cepField,
  cityIdField,
  Coupon,
  PRODUCT_AVAILABILITY,
  ProductType,
  ProductTypeImage,
  ShippingServiceChoice,
  unitQuantityField,
} from './catalogue';
import {
  boundedString,
  celularField,
  emailField,
  isoDateField,
  isoDateTime,
  optionalText,
  PAGE_MAX,
  pageOf,
  requiredText,
} from './common';
import { cpfField } from './profile';
import { CpfStatusResponse, SEXOS } from './users';

/**
 * Silver withdrawals: a purchase of bars (guest or signed in, paid by Pix) and a withdrawal of bars from the
 * customer's custody (signed in, paid by Pix or from the balance). One entity for both (spec 3 §3 Withdrawal; spec 2
 * prata-retirada rows). Money in reais, silver in grams, as dot-decimal numbers.
 *
 * Statuses (docs/silver.md): pending (awaiting the Pix, or an operator) → paid (the money is in; to pack and ship)
 * → sent (tracking_code) → delivered; rejected (by an operator, with rejection_reason; everything paid goes back);
 * cancelled (by the customer while pending); expired (a Pix not paid in time).
 */

export const SILVER_WITHDRAWAL_STATUSES = [
  'pending',
  'paid',
  'sent',
  'delivered',
  'rejected',
  'cancelled',
  'expired',
] as const;
export type SilverWithdrawalStatus = (typeof SILVER_WITHDRAWAL_STATUSES)[number];
export { SILVER_WITHDRAWAL_STATUS_LABELS };

export const SILVER_PAYMENT_METHODS = ['pix', 'balance'] as const;
export type SilverPaymentMethod = (typeof SILVER_PAYMENT_METHODS)[number];

/** purchase: bars bought (the silver value is charged); custody: bars made of the customer's own grams */
export const SILVER_WITHDRAWAL_KINDS = ['purchase', 'custody'] as const;
export type SilverWithdrawalKind = (typeof SILVER_WITHDRAWAL_KINDS)[number];

/** reais as the client was shown them (dot or comma, up to 2 decimals, zero allowed) → centavos */
const shownMoney = () =>
  z.union([z.number(), boundedString({ max: 24 })], { error: MESSAGES.amountInvalid }).transform((v, ctx) => {
    const parsed = parseDecimal(v, { max: 1e13, allowZero: true });
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.amountInvalid });
      return z.NEVER;
    }
    return parsed.minor;
  });

/**
 * An item of the order with the figures the client was shown (spec 3 §7), from POST .../calculate-charge. The server
 * computes everything again; when the customer would pay more than these add up to, the order is refused (409
 * SILVER_CHARGE_CHANGED) and nothing is created. `total` is the line's total; without it the shown lines are summed.
 */
export const SilverWithdrawalItemInput = z.object({
  product_type_id: z.coerce
    .number({ error: MESSAGES.chooseOption })
    .int(MESSAGES.chooseOption)
    .positive(MESSAGES.chooseOption)
    .max(Number.MAX_SAFE_INTEGER, MESSAGES.chooseOption),
  quantity: unitQuantityField(),
  quantity_grams: z.union([z.number(), boundedString({ max: 40 })]).optional(),
  price_per_gram: shownMoney().optional(),
  silver_value: shownMoney().optional(),
  minting_fee: shownMoney().default(0),
  shipping_fee: shownMoney().default(0),
  insurance_fee: shownMoney().default(0),
  icms: shownMoney().default(0),
  difal: shownMoney().default(0),
  pis: shownMoney().default(0),
  cofins: shownMoney().default(0),
  discount: shownMoney().optional(),
  total: shownMoney().optional(),
});
export type SilverWithdrawalItemInput = z.input<typeof SilverWithdrawalItemInput>;

/** A full delivery address (a guest's, or a signed-in customer's typed one). */
export const DeliveryAddressFields = z.object({
  type: optionalText(60),
  cep: cepField(),
  city_id: cityIdField(),
  neighborhood: requiredText(MESSAGES.neighborhoodRequired, 120),
  street: requiredText(MESSAGES.streetRequired, 200),
  number: requiredText(MESSAGES.numberRequired, 20),
  unit: optionalText(120),
  other_info: optionalText(255, { multiline: true }),
});

/**
 * Signed in: the id of one of the customer's saved addresses (`{ id }`; the other fields, if sent, are ignored), or a
 * full address typed for this order. Guests: a full address (an `id` is refused).
 */
export const SignedInAddress = DeliveryAddressFields.partial()
  .extend({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() })
  .superRefine((address, ctx) => {
    if (address.id !== undefined) return;
    const required: Array<[keyof typeof address, string]> = [
      ['cep', MESSAGES.cepIncomplete],
      ['city_id', MESSAGES.cityRequired],
      ['neighborhood', MESSAGES.neighborhoodRequired],
      ['street', MESSAGES.streetRequired],
      ['number', MESSAGES.numberRequired],
    ];
    for (const [key, message] of required) {
      if (address[key] === undefined || address[key] === null || address[key] === '')
        ctx.addIssue({ code: 'custom', path: [key], message });
    }
  });
export type SignedInAddress = z.output<typeof SignedInAddress>;

/** The buyer's data of a guest purchase (spec 1 §7), stored with the order; no account is created. */
export const GuestBuyer = z.object(
  {
    name: requiredText(MESSAGES.fullNameRequired, 255),
    email: emailField(),
    cpf: cpfField,
    nascimento: isoDateField(MESSAGES.birthDateRequired, MESSAGES.birthDateInvalid),
    celular: celularField(MESSAGES.mobileRequired).transform((v) => onlyDigits(v)),
    sexo: z.enum(SEXOS, { error: MESSAGES.chooseOneOption }),
    /** the CPF-status answer the screen got; the server asks the service again and keeps its own answer */
    nfe_cpf_response: CpfStatusResponse.partial().loose().nullish(),
  },
  { error: MESSAGES.guestUserRequired },
);
export type GuestBuyer = z.input<typeof GuestBuyer>;

const orderFields = {
  items: cartItemsField(SilverWithdrawalItemInput),
  shippingService: ShippingServiceChoice,
  coupon_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
  includeSilverValue: z.boolean({ error: MESSAGES.invalidData }),
  /** accepted and stored (spec 1 §7); the server decides from includeSilverValue what the order is */
  requiresOrder: z.boolean().optional(),
};

/** POST /api/silver-withdrawal (signed in, approved registration). Idempotency-Key accepted. */
export const CreateSilverWithdrawalRequest = z.object({
  ...orderFields,
  address: SignedInAddress,
  paymentMethod: z.enum(SILVER_PAYMENT_METHODS, { error: MESSAGES.paymentMethodInvalid }),
});
export type CreateSilverWithdrawalRequest = z.input<typeof CreateSilverWithdrawalRequest>;
export type CreateSilverWithdrawalInput = z.output<typeof CreateSilverWithdrawalRequest>;

/** POST /api/silver-withdrawal/guest (visitors): Pix only, a purchase (includeSilverValue true). */
export const GuestSilverWithdrawalRequest = z.object({
  ...orderFields,
  address: DeliveryAddressFields,
  paymentMethod: z.literal('pix', { error: MESSAGES.guestPixOnly }),
  user: GuestBuyer,
});
export type GuestSilverWithdrawalRequest = z.input<typeof GuestSilverWithdrawalRequest>;
export type GuestSilverWithdrawalInput = z.output<typeof GuestSilverWithdrawalRequest>;

/** An item of a silver withdrawal as the history shows it. */
export const SilverWithdrawalItem = z.object({
  product_type_id: z.number().int(),
  name: z.string(),
  quantity: z.number().int(),
  /** grams */
  quantity_grams: z.number(),
});
export type SilverWithdrawalItem = z.infer<typeof SilverWithdrawalItem>;

/** A silver withdrawal as its customer reads it (spec 2 prata-retirada rows). */
export const SilverWithdrawal = z.object({
  id: z.number().int(),
  kind: z.enum(SILVER_WITHDRAWAL_KINDS),
  status: z.enum(SILVER_WITHDRAWAL_STATUSES),
  /** Portuguese label of the status */
  status_label: z.string(),
  created_at: isoDateTime(),
  items: z.array(SilverWithdrawalItem),
  /** grams of all items */
  quantity_grams: z.number(),
  rejection_reason: z.string().nullable(),
  tracking_code: z.string().nullable(),
  payment_method: z.enum(SILVER_PAYMENT_METHODS),
  /** reais the customer pays (or paid) */
  total: z.number(),
  /** a pending Pix: when it stops being payable */
  expires_at: isoDateTime().nullable(),
  /** pending rows can be cancelled by the customer */
  cancellable: z.boolean(),
});
export type SilverWithdrawal = z.infer<typeof SilverWithdrawal>;

/**
 * POST /api/silver-withdrawal and /guest. Pix: pixQrCode (PNG, base64 without a data: prefix) and pixCopiaECola;
 * balance: only the message. Both carry the new withdrawal.
 */
export const CreateSilverWithdrawalResponse = z.object({
  message: z.string(),
  silverWithdrawal: SilverWithdrawal,
  pixQrCode: z.string().optional(),
  pixCopiaECola: z.string().optional(),
  /** a Pix order: the buyer's key to read it again (GET /api/silver-withdrawal/order/{token}), reloads included */
  order_token: z.string().optional(),
});
export type CreateSilverWithdrawalResponse = z.infer<typeof CreateSilverWithdrawalResponse>;

/** The longest order token the server makes (`<id>.<signature>`): anything longer is not one. */
export const SILVER_ORDER_TOKEN_MAX = 80;

/** GET /api/silver-withdrawal/order/{token}: a malformed token is answered as an unknown one (404). */
export const SilverOrderParams = z.object({ token: z.string().max(SILVER_ORDER_TOKEN_MAX) });

/**
 * GET /api/silver-withdrawal/order/{token} (public: the token is the buyer's key, a visitor has no session). The order
 * as it is now; while its Pix can be paid (pending, not expired), the QR code and the copy-and-paste code again.
 */
export const SilverOrderResponse = z.object({
  silverWithdrawal: SilverWithdrawal,
  order_token: z.string(),
  pixQrCode: z.string().optional(),
  pixCopiaECola: z.string().optional(),
});
export type SilverOrderResponse = z.infer<typeof SilverOrderResponse>;

/** GET /api/silver-withdrawals?page=N: the customer's, newest first. */
export const SilverWithdrawalsQuery = z.object({ page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1) });
export const SilverWithdrawalsResponse = z.object({ silverWithdrawals: pageOf(SilverWithdrawal) });
export type SilverWithdrawalsResponse = z.infer<typeof SilverWithdrawalsResponse>;

/** PUT /api/silver-withdrawal/{id}/cancel: the row as it is now (it replaces the row on screen). */
export const SilverWithdrawalResponse = z.object({ silverWithdrawal: SilverWithdrawal, message: z.string() });
export type SilverWithdrawalResponse = z.infer<typeof SilverWithdrawalResponse>;

// ---------------------------------------------------------------------------------------------------------------
// The back office (operators): the fulfilment queue, product types, coupons, fees and taxes, the house's bars.

/** The delivery address kept with a withdrawal (as it was when ordered). */
export const DeliveryAddress = z.object({
  cep: z.string(),
  city_id: z.number().int(),
  city: z.string(),
  state: z.string(),
  neighborhood: z.string(),
  street: z.string(),
  number: z.string(),
  unit: z.string().nullable(),
  other_info: z.string().nullable(),
});
export type DeliveryAddress = z.infer<typeof DeliveryAddress>;

/** Who ordered: a customer (customer_id) or a guest (customer_id null, the data typed at checkout). */
export const SilverBuyer = z.object({
  customer_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string(),
  /** 11 digits */
  cpf: z.string().nullable(),
  celular: z.string().nullable(),
});

/** A withdrawal as operators read it: everything the customer sees, plus who, where, how and the charges. */
export const AdminSilverWithdrawal = SilverWithdrawal.extend({
  buyer: SilverBuyer,
  address: DeliveryAddress,
  shipping: z.object({
    Carrier: z.string(),
    ServiceCode: z.string(),
    ServiceDescription: z.string(),
    DeliveryTime: z.number().int(),
  }),
  coupon_code: z.string().nullable(),
  /** reais and grams per line, as charged */
  charges: z.object({
    silver_value: z.number(),
    minting_fee: z.number(),
    shipping_fee: z.number(),
    insurance_fee: z.number(),
    icms: z.number(),
    difal: z.number(),
    pis: z.number(),
    cofins: z.number(),
    discount: z.number(),
    total: z.number(),
  }),
  paid_at: isoDateTime().nullable(),
  sent_at: isoDateTime().nullable(),
  delivered_at: isoDateTime().nullable(),
  /** a rejected order's paid Pix: when the provider accepted the refund */
  refunded_at: isoDateTime().nullable(),
  /**
   * a rejected order's paid Pix the provider has not accepted to refund yet (it refused, or was not reachable): the
   * ledger already gave the money back; POST …/{id}/retry-refund asks the provider again
   */
  refund_pending: z.boolean(),
});
export type AdminSilverWithdrawal = z.infer<typeof AdminSilverWithdrawal>;

/** GET /api/admin/silver-withdrawals?status=&page= (paid ones oldest first: the packing queue) */
export const AdminSilverWithdrawalsQuery = z.object({
  status: z.enum(SILVER_WITHDRAWAL_STATUSES).default('paid'),
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
});
export const AdminSilverWithdrawalsResponse = z.object({
  data: z.array(AdminSilverWithdrawal),
  total: z.number().int(),
  per_page: z.number().int(),
});
export type AdminSilverWithdrawalsResponse = z.infer<typeof AdminSilverWithdrawalsResponse>;
export const AdminSilverWithdrawalResponse = z.object({ silverWithdrawal: AdminSilverWithdrawal, message: z.string() });
export type AdminSilverWithdrawalResponse = z.infer<typeof AdminSilverWithdrawalResponse>;

/** POST /api/admin/silver-withdrawals/{id}/sent */
export const MarkSentRequest = z.object({
  tracking_code: requiredText(MESSAGES.trackingCodeRequired, 60),
});
/** POST /api/admin/silver-withdrawals/{id}/reject */
export const RejectSilverWithdrawalRequest = z.object({
  reason: requiredText(MESSAGES.reasonRequired, 500, { multiline: true }),
});

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
export const ProductTypeRequest = z.object({
  name: requiredText(MESSAGES.productNameRequired, 120),
  description: boundedString({ max: 2000, multiline: true }).default(''),
  grams_per_unit: shippingGramsFieldForAdmin(),
  stock: z.coerce
    .number({ error: MESSAGES.stockInvalid })
    .int(MESSAGES.stockInvalid)
    .min(0, MESSAGES.stockInvalid)
    .max(1_000_000, MESSAGES.stockInvalid),
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
  position: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type ProductTypeRequest = z.input<typeof ProductTypeRequest>;
export type ProductTypeInput = z.output<typeof ProductTypeRequest>;

/**
 * PUT /api/admin/silver-product-types/{id}: the same fields without `stock` (sent, it is ignored). The stock is set
 * when the product is created and then moves only by deltas (POST …/{id}/stock, sales, cancellations), so a save
 * never overwrites the units sold between the operator's read and the save.
 */
export const ProductTypeUpdateRequest = ProductTypeRequest.omit({ stock: true });
export type ProductTypeUpdateRequest = z.input<typeof ProductTypeUpdateRequest>;
export type ProductTypeUpdateInput = z.output<typeof ProductTypeUpdateRequest>;

/** POST /api/admin/silver-product-types/{id}/stock: units in (+) or out (−); the stock never goes below zero. */
export const StockAdjustRequest = z.object({
  delta: z.coerce
    .number({ error: MESSAGES.stockInvalid })
    .int(MESSAGES.stockInvalid)
    .min(-1_000_000, MESSAGES.stockInvalid)
    .max(1_000_000, MESSAGES.stockInvalid),
});
export type StockAdjustRequest = z.input<typeof StockAdjustRequest>;

/**
 * DELETE /api/admin/silver-product-types/{id}/images?path= or ?index=: one image of the product, by the path it is
 * served at or by its position (0 is the cover). An uploaded file no other product shows is deleted from storage.
 */
export const ProductImageDeleteQuery = z
  .object({
    path: boundedString({ max: 300 }).optional(),
    index: z.coerce.number().int().min(0).max(9).optional(),
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
export const CouponRequest = z.object({
  code: boundedString({ max: 40, required: MESSAGES.couponRequired })
    .min(1, MESSAGES.couponRequired)
    .regex(/^[A-Za-z0-9_-]+$/, MESSAGES.couponInvalid)
    .transform((v) => v.toUpperCase()),
  transaction_fee: percentField(),
  discount_percent: percentField(),
  valid_from: z.iso.datetime({ offset: true }).nullish(),
  valid_until: z.iso.datetime({ offset: true }).nullish(),
  max_uses: z.coerce.number().int().positive().max(1_000_000).nullish(),
  active: z.boolean().default(true),
});
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
export const SilverSettingsRequest = z.object({
  origin_state: z
    .string()
    .regex(/^[A-Za-z]{2}$/, MESSAGES.stateInvalid)
    .transform((v) => v.toUpperCase()),
  pix_expiry_minutes: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  icms: z
    .array(
      z.object({
        state: z
          .string()
          .regex(/^[A-Za-z]{2}$/, MESSAGES.stateInvalid)
          .transform((v) => v.toUpperCase()),
        internal_rate: percentField(),
        interstate_rate: percentField(),
      }),
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
