import {
  bigint,
  boolean,
  char,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Mirrors db/migrations/0011_silver.sql. Grams and reais are not here: the ledger holds them; these rows say why.

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();

export const silverSettings = pgTable('silver_settings', {
  id: smallint('id').primaryKey().default(1),
  originState: char('origin_state', { length: 2 }).notNull(),
  pixExpiryMinutes: integer('pix_expiry_minutes').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const silverIcmsRates = pgTable('silver_icms_rates', {
  state: char('state', { length: 2 }).primaryKey(),
  internalRateBps: integer('internal_rate_bps').notNull(),
  interstateRateBps: integer('interstate_rate_bps').notNull(),
});

export type ProductImage = { path: string };

export const silverProductTypes = pgTable('silver_product_types', {
  id: id(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  gramsPerUnitCg: bigint('grams_per_unit_cg', { mode: 'number' }).notNull(),
  stock: integer('stock').notNull().default(0),
  active: boolean('active').notNull().default(true),
  icon: text('icon'),
  images: jsonb('images').$type<ProductImage[]>().notNull().default([]),
  mintingFeeCents: bigint('minting_fee_cents', { mode: 'number' }).notNull().default(0),
  insuranceRateBps: integer('insurance_rate_bps').notNull().default(0),
  pisRateBps: integer('pis_rate_bps').notNull().default(0),
  cofinsRateBps: integer('cofins_rate_bps').notNull().default(0),
  position: integer('position').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type ProductTypeRow = typeof silverProductTypes.$inferSelect;

export type SilverWithdrawalStatusDb = 'pending' | 'paid' | 'sent' | 'delivered' | 'rejected' | 'cancelled' | 'expired';

export type BuyerData = {
  name: string;
  email: string;
  cpf: string | null;
  nascimento: string | null;
  celular: string | null;
  sexo: string | null;
  nfe_cpf_response: unknown;
};
export type DeliveryAddressData = {
  cep: string;
  city_id: number;
  city: string;
  state: string;
  neighborhood: string;
  street: string;
  number: string;
  unit: string | null;
  other_info: string | null;
  type: string | null;
};
export type ShippingData = { Carrier: string; ServiceCode: string; ServiceDescription: string; DeliveryTime: number };

export const silverWithdrawals = pgTable('silver_withdrawals', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }),
  kind: text('kind').$type<'purchase' | 'custody'>().notNull(),
  status: text('status').$type<SilverWithdrawalStatusDb>().notNull().default('pending'),
  paymentMethod: text('payment_method').$type<'pix' | 'balance'>().notNull(),
  buyer: jsonb('buyer').$type<BuyerData>().notNull(),
  address: jsonb('address').$type<DeliveryAddressData>().notNull(),
  destinationState: char('destination_state', { length: 2 }).notNull(),
  shipping: jsonb('shipping').$type<ShippingData>().notNull(),
  couponId: bigint('coupon_id', { mode: 'number' }),
  requiresOrder: boolean('requires_order').notNull().default(false),
  silverCg: cents('silver_cg'),
  silverValueCents: cents('silver_value_cents'),
  mintingCents: cents('minting_cents'),
  shippingCents: cents('shipping_cents'),
  insuranceCents: cents('insurance_cents'),
  icmsCents: cents('icms_cents'),
  difalCents: cents('difal_cents'),
  pisCents: cents('pis_cents'),
  cofinsCents: cents('cofins_cents'),
  discountCents: cents('discount_cents'),
  totalCents: cents('total_cents'),
  asaasPaymentId: text('asaas_payment_id'),
  pixCopiaECola: text('pix_copia_e_cola'),
  pixExpiresAt: ts('pix_expires_at'),
  refundedAt: ts('refunded_at'),
  trackingCode: text('tracking_code'),
  rejectionReason: text('rejection_reason'),
  paidAt: ts('paid_at'),
  sentAt: ts('sent_at'),
  deliveredAt: ts('delivered_at'),
  resolvedAt: ts('resolved_at'),
  handledBy: bigint('handled_by', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type SilverWithdrawalRow = typeof silverWithdrawals.$inferSelect;

export const silverWithdrawalItems = pgTable(
  'silver_withdrawal_items',
  {
    silverWithdrawalId: bigint('silver_withdrawal_id', { mode: 'number' }).notNull(),
    productTypeId: bigint('product_type_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    gramsCg: cents('grams_cg'),
    pricePerGramCents: cents('price_per_gram_cents'),
    silverValueCents: cents('silver_value_cents'),
    mintingCents: cents('minting_cents'),
    shippingCents: cents('shipping_cents'),
    insuranceCents: cents('insurance_cents'),
    icmsCents: cents('icms_cents'),
    difalCents: cents('difal_cents'),
    pisCents: cents('pis_cents'),
    cofinsCents: cents('cofins_cents'),
    discountCents: cents('discount_cents'),
    totalCents: cents('total_cents'),
  },
  (t) => [primaryKey({ columns: [t.silverWithdrawalId, t.productTypeId] })],
);
export type SilverWithdrawalItemRow = typeof silverWithdrawalItems.$inferSelect;
