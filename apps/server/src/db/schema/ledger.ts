import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './foundation';

// Mirrors db/migrations/0002_ledger.sql and 0006_ledger_holds.sql. Only apps/server/src/ledger writes these tables; read balances through it.

export type LedgerCurrency = 'BRL' | 'AG';
export type LedgerAccountKind = 'liability' | 'asset' | 'revenue' | 'expense';

/** Whoever has floored accounts: a customer, the house, the vault, transfer:unclaimed. The unit the ledger locks. */
export const ledgerOwners = pgTable(
  'ledger_owners',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('ledger_owners_code_uq').on(t.code), unique('ledger_owners_user_uq').on(t.userId)],
);

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    currency: text('currency').$type<LedgerCurrency>().notNull(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    code: text('code').notNull(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }).references(() => users.id),
    /** set for floored accounts (customers, house, vault, unclaimed) */
    ownerId: bigint('owner_id', { mode: 'number' }).references(() => ledgerOwners.id),
    /** the folded part of the balance: add the account's ledger_balance_deltas (or read ledger_balances) */
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

/** Append-only. No foreign keys (speed): the reconciliation checks both accounts exist in the transfer's currency. */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    /** caller-chosen, unique forever; a hold's are '<hold id>#hold', '#release', '#capture.N' */
    transferId: text('transfer_id').primaryKey(),
    /** the posting order */
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    debitAccountId: bigint('debit_account_id', { mode: 'number' }).notNull(),
    creditAccountId: bigint('credit_account_id', { mode: 'number' }).notNull(),
    currency: text('currency').$type<LedgerCurrency>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('ledger_transfers_amount_check', sql`${t.amount} > 0`)],
);
export type LedgerTransferRow = typeof ledgerTransfers.$inferSelect;

/** What a posting added to an account without holding its owner's lock; folded into the account by ledger_fold. */
export const ledgerBalanceDeltas = pgTable(
  'ledger_balance_deltas',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    debits: bigint('debits', { mode: 'number' }).notNull(),
    credits: bigint('credits', { mode: 'number' }).notNull(),
  },
  (t) => [index('ledger_balance_deltas_account_idx').on(t.accountId)],
);

export type LedgerHoldState = 'held' | 'released' | 'captured';
export const ledgerHolds = pgTable(
  'ledger_holds',
  {
    holdId: text('hold_id').primaryKey(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerOwners.id),
    availableAccountId: bigint('available_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    heldAccountId: bigint('held_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    currency: text('currency').$type<LedgerCurrency>().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    reference: text('reference').notNull(),
    state: text('state').$type<LedgerHoldState>().notNull().default('held'),
    capturedAmount: bigint('captured_amount', { mode: 'number' }),
    remainderHoldId: text('remainder_hold_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('ledger_holds_open_idx').on(t.heldAccountId).where(sql`state = 'held'`)],
);
export type LedgerHoldRow = typeof ledgerHolds.$inferSelect;

/** The reconciliation runs: the back office shows the last one. */
export const ledgerReconciliations = pgTable(
  'ledger_reconciliations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ranAt: timestamp('ran_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ok: boolean('ok').notNull(),
    problems: jsonb('problems').$type<string[]>().notNull().default([]),
    durationMs: integer('duration_ms').notNull(),
    runByUserId: bigint('run_by_user_id', { mode: 'number' }).references(() => users.id),
    source: text('source').$type<'admin' | 'cli'>().notNull(),
    // false for an incremental run (from the reconciliation's checkpoint, ledger/reconcile-checkpoint.ts)
    fullRun: boolean('full_run').notNull().default(true),
  },
  (t) => [index('ledger_reconciliations_ran_at_idx').on(t.ranAt)],
);
