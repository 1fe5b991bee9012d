import { bigint, boolean, date, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors db/migrations/0014_invoices.sql (docs/fiscal.md). Amounts are copied when issued: an invoice never changes.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type InvoiceProvider = 'embedded' | 'nfeio';
export type ServiceInvoiceLine = { kind: string; label: string; count: number; amount_cents: number };
export type ProductInvoiceLine = { name: string; quantity: number; grams_cg: number; amount_cents: number };
/** The customer as invoiced (the tomador/destinatário). */
export type InvoiceBorrower = {
  name: string;
  document: string | null;
  document_type: 'cpf' | 'cnpj' | null;
  email: string;
  address: {
    street: string;
    number: string;
    unit: string | null;
    neighborhood: string;
    cep: string;
    city: string;
    state: string;
    city_code: number | null;
  } | null;
};
export type ProductInvoiceTaxes = { icms: number; difal: number; pis: number; cofins: number };

export const serviceInvoices = pgTable('service_invoices', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  /** yyyy-mm-01: the month covered */
  period: date('period', { mode: 'string' }).notNull(),
  description: text('description').notNull(),
  servicesCents: bigint('services_cents', { mode: 'number' }).notNull(),
  lines: jsonb('lines').$type<ServiceInvoiceLine[]>().notNull(),
  borrower: jsonb('borrower').$type<InvoiceBorrower>().notNull(),
  provider: text('provider').$type<InvoiceProvider>().notNull(),
  testDocument: boolean('test_document').notNull(),
  externalId: text('external_id').notNull(),
  number: text('number').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type ServiceInvoiceRow = typeof serviceInvoices.$inferSelect;

export const productInvoices = pgTable('product_invoices', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  silverWithdrawalId: bigint('silver_withdrawal_id', { mode: 'number' }).notNull(),
  description: text('description').notNull(),
  productsCents: bigint('products_cents', { mode: 'number' }).notNull(),
  taxesCents: bigint('taxes_cents', { mode: 'number' }).notNull(),
  lines: jsonb('lines').$type<{ items: ProductInvoiceLine[]; taxes: ProductInvoiceTaxes }>().notNull(),
  borrower: jsonb('borrower').$type<InvoiceBorrower>().notNull(),
  provider: text('provider').$type<InvoiceProvider>().notNull(),
  testDocument: boolean('test_document').notNull(),
  externalId: text('external_id').notNull(),
  number: text('number').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type ProductInvoiceRow = typeof productInvoices.$inferSelect;
