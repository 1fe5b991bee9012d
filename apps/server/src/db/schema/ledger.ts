import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './foundation';

// Mirrors db/migrations/0002_ledger.sql. Only apps/server/src/ledger writes these tables; read balances through it.

export type LedgerCurrency = 'BRL' | 'AG';
export type LedgerAccountKind = 'liability' | 'asset' | 'revenue' | 'expense';

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    currency: text('currency').$type<LedgerCurrency>().notNull(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    code: text('code').notNull(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id),
    debitsPosted: bigint('debits_posted', { mode: 'number' }).notNull().default(0),
    creditsPosted: bigint('credits_posted', { mode: 'number' }).notNull().default(0),
    debitsMustNotExceedCredits: boolean('debits_must_not_exceed_credits').notNull().default(false),
    creditsMustNotExceedDebits: boolean('credits_must_not_exceed_debits').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_code_uq').on(t.code),
    unique('ledger_accounts_id_currency_uq').on(t.id, t.currency),
    index('ledger_accounts_owner_idx').on(t.ownerUserId).where(sql`owner_user_id is not null`),
    check(
      'ledger_accounts_debits_within_credits',
      sql`not ${t.debitsMustNotExceedCredits} or ${t.debitsPosted} <= ${t.creditsPosted}`,
    ),
    check(
      'ledger_accounts_credits_within_debits',
      sql`not ${t.creditsMustNotExceedDebits} or ${t.creditsPosted} <= ${t.debitsPosted}`,
    ),
  ],
);
export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    operationType: text('operation_type').notNull(),
    operationId: text('operation_id').notNull(),
    step: integer('step').notNull(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' }).notNull(),
    creditAccountId: bigint('credit_account_id', { mode: 'number' }).notNull(),
    currency: text('currency').$type<LedgerCurrency>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_transfers_operation_uq').on(t.operationType, t.operationId, t.step),
    foreignKey({
      name: 'ledger_transfers_debit_fk',
      columns: [t.debitAccountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    foreignKey({
      name: 'ledger_transfers_credit_fk',
      columns: [t.creditAccountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.id),
    check('ledger_transfers_amount_check', sql`${t.amount} > 0`),
  ],
);
export type LedgerTransferRow = typeof ledgerTransfers.$inferSelect;
