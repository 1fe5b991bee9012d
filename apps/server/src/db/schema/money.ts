import { bigint, boolean, char, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors db/migrations/0009_money.sql. Balances are not here: the ledger holds every centavo; these rows say why.

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type DepositMethod = 'pix' | 'ted';
export type DepositStatus = 'pending' | 'approved' | 'rejected' | 'cancelled' | 'expired' | 'held' | 'refunded';
export type DepositHoldReason = 'overpaid' | 'underpaid' | 'late';

export const deposits = pgTable('deposits', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  method: text('method').$type<DepositMethod>().notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  status: text('status').$type<DepositStatus>().notNull().default('pending'),
  rejectionReason: text('rejection_reason'),
  asaasPaymentId: text('asaas_payment_id'),
  externalReference: text('external_reference'),
  pixCopiaECola: text('pix_copia_e_cola'),
  pixExpiresAt: ts('pix_expires_at'),
  receiptStorageKey: text('receipt_storage_key'),
  receiptName: text('receipt_name'),
  receiptMime: text('receipt_mime'),
  receiptSize: integer('receipt_size'),
  receiptSha256: char('receipt_sha256', { length: 64 }),
  creditedAt: ts('credited_at'),
  /** what deposit:<id> credited, when it differs from the charge (an operator credited a held payment): 0024 */
  creditedCents: bigint('credited_cents', { mode: 'number' }),
  /** what arrived, when the payment was held (deposit:<id>:received into deposit:suspense) */
  paidCents: bigint('paid_cents', { mode: 'number' }),
  holdReason: text('hold_reason').$type<DepositHoldReason>(),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  reviewedAt: ts('reviewed_at'),
  /** a Pix Automático charge the payer's bank debits on its due date (no code scanned now): 0032 */
  scheduledDebit: boolean('scheduled_debit').notNull().default(false),
  /** a sentence for the "credited" e-mail (a cancelled saving plan's charge paid after all): 0032 */
  creditNote: text('credit_note'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type DepositRow = typeof deposits.$inferSelect;

export const paymentEvents = pgTable('payment_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  kind: text('kind').notNull(),
  paymentId: text('payment_id'),
  transferId: text('transfer_id'),
  outcome: text('outcome').notNull(),
  detail: text('detail'),
  /** the JSON text as the provider sent it (migration 0034: jsonb refuses \u0000) */
  body: text('body').notNull(),
  receivedAt: ts('received_at').notNull().defaultNow(),
});
export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** The bank entry a withdrawal pays to, as it was when the customer asked. */
export type WithdrawalDestination =
  | { type: 'pix'; key_type: 'cpf' | 'cnpj' | 'email'; key: string }
  | {
      type: 'account';
      account_type: 'checking' | 'savings';
      bank_number: string;
      branch_number: string;
      account_number: string;
    };

export type WithdrawalStatus = 'pending' | 'approved' | 'rejected';
export type PayoutState = 'sending' | 'pending' | 'done' | 'failed';

export const withdrawals = pgTable('withdrawals', {
  id: id(),
  userId: bigint('user_id', { mode: 'number' }).notNull(),
  bankingInformationId: bigint('banking_information_id', { mode: 'number' }).notNull(),
  destination: jsonb('destination').$type<WithdrawalDestination>().notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
  instant: boolean('instant').notNull(),
  status: text('status').$type<WithdrawalStatus>().notNull().default('pending'),
  rejectionReason: text('rejection_reason'),
  payoutStatus: text('payout_status').$type<PayoutState>(),
  payoutId: text('payout_id'),
  reviewedBy: bigint('reviewed_by', { mode: 'number' }),
  reviewedAt: ts('reviewed_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type WithdrawalRow = typeof withdrawals.$inferSelect;
