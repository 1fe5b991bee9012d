import { z } from 'zod';
import { MESSAGES } from '../messages';
import { SILVER_WITHDRAWAL_STATUS_LABELS } from '../messages/catalogue';
import { parseDecimal } from '../money/index';
import { onlyDigits } from '../text';
import { cartItemsField, cepField, cityIdField, ShippingServiceChoice, unitQuantityField } from './catalogue';
import {
  boundedString,
  celularField,
  emailField,
  isoDateField,
  isoDateTime,
  optionalText,
  pageOf,
  requiredText,
  withUnits,
  pageParam,
  idParam,
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

/**
 * Reais as the client was shown them (dot or comma, up to 2 decimals, zero allowed) → centavos; also what operators
 * type (catalogue-admin.ts).
 */
export const shownMoney = () =>
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
export const SilverWithdrawalItemInput = withUnits(
  z.object({
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
  }),
  {
    price_per_gram: 'price_per_gram_cents',
    silver_value: 'silver_value_cents',
    minting_fee: 'minting_fee_cents',
    shipping_fee: 'shipping_fee_cents',
    insurance_fee: 'insurance_fee_cents',
    icms: 'icms_cents',
    difal: 'difal_cents',
    pis: 'pis_cents',
    cofins: 'cofins_cents',
    discount: 'discount_cents',
    total: 'total_cents',
  },
);
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
  .extend({ id: idParam().optional() })
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
  coupon_id: idParam().nullish(),
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
export const SilverWithdrawalsQuery = z.object({ page: pageParam() });
export const SilverWithdrawalsResponse = z.object({ silverWithdrawals: pageOf(SilverWithdrawal) });
export type SilverWithdrawalsResponse = z.infer<typeof SilverWithdrawalsResponse>;

/** PUT /api/silver-withdrawal/{id}/cancel: the row as it is now (it replaces the row on screen). */
export const SilverWithdrawalResponse = z.object({ silverWithdrawal: SilverWithdrawal, message: z.string() });
export type SilverWithdrawalResponse = z.infer<typeof SilverWithdrawalResponse>;

// ---------------------------------------------------------------------------------------------------------------
// The back office (operators): the fulfilment queue. Product types, coupons, fees and taxes and the house's bars
// are in catalogue-admin.ts.

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
  page: pageParam(),
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
