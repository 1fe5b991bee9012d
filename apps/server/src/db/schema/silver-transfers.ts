import { bigint, char, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors db/migrations/0012_silver_transfers.sql. The grams are not here: the ledger holds them; these rows say why.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export type SilverTransferStatusDb = 'pending' | 'completed' | 'cancelled' | 'expired';

export const silverTransfers = pgTable('silver_transfers', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  senderId: bigint('sender_id', { mode: 'number' }).notNull(),
  receiverId: bigint('receiver_id', { mode: 'number' }),
  receiverEmail: text('receiver_email').notNull(),
  receiverCpf: char('receiver_cpf', { length: 11 }),
  quantityCg: bigint('quantity_cg', { mode: 'number' }).notNull(),
  message: text('message'),
  status: text('status').$type<SilverTransferStatusDb>().notNull(),
  checkCode: char('check_code', { length: 12 }).notNull(),
  expiresAt: ts('expires_at'),
  completedAt: ts('completed_at'),
  cancelledAt: ts('cancelled_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type SilverTransferRow = typeof silverTransfers.$inferSelect;
