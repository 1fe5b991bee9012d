import { bigint, char, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type DocumentMime = 'application/pdf' | 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

export const documents = pgTable('documents', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  purpose: text('purpose').$type<'profile' | 'trading_limit'>().notNull(),
  originalName: text('original_name').notNull(),
  storageKey: text('storage_key').notNull(),
  mimeType: text('mime_type').$type<DocumentMime>().notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: char('sha256', { length: 64 }).notNull(),
  tradingLimitRequestId: bigint('trading_limit_request_id', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});
export type DocumentRow = typeof documents.$inferSelect;

export const bankingInformation = pgTable('banking_information', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  type: text('type').$type<'pix' | 'account'>().notNull(),
  keyType: text('key_type').$type<'cpf' | 'cnpj' | 'email'>(),
  key: text('key'),
  accountType: text('account_type').$type<'checking' | 'savings'>(),
  bankNumber: varchar('bank_number', { length: 3 }),
  branchNumber: varchar('branch_number', { length: 10 }),
  accountNumber: varchar('account_number', { length: 20 }),
  createdAt: ts('created_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});
export type BankingInformationRow = typeof bankingInformation.$inferSelect;

export type TradingLimitStatus = 'pending' | 'approved' | 'rejected';
export const tradingLimitRequests = pgTable('trading_limit_requests', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  newLimitCents: bigint('new_limit_cents', { mode: 'number' }).notNull(),
  netWorthCents: bigint('net_worth_cents', { mode: 'number' }).notNull(),
  monthlyIncomeCents: bigint('monthly_income_cents', { mode: 'number' }).notNull(),
  profession: text('profession').notNull(),
  companyName: text('company_name').notNull(),
  companyCnpj: char('company_cnpj', { length: 14 }).notNull(),
  otherInfo: text('other_info'),
  status: text('status').$type<TradingLimitStatus>().notNull().default('pending'),
  approvedLimitCents: bigint('approved_limit_cents', { mode: 'number' }),
  rejectionReason: text('rejection_reason'),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  reviewedAt: ts('reviewed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type TradingLimitRequestRow = typeof tradingLimitRequests.$inferSelect;
