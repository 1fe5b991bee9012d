import { bigint, boolean, char, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ChatRole, ChatSource } from '@prata/domain';

// Mirrors db/migrations/0016_chat.sql.

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const chats = pgTable('chats', {
  id: id(),
  /** SHA-256 (hex) of the chat_id the person holds; the id itself is never stored */
  tokenHash: char('token_hash', { length: 64 }).notNull(),
  userId: bigint('user_id', { mode: 'number' }),
  visitorName: text('visitor_name'),
  visitorEmail: text('visitor_email'),
  messageCount: integer('message_count').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastMessageAt: ts('last_message_at').notNull().defaultNow(),
});
export type ChatRow = typeof chats.$inferSelect;

export const chatMessages = pgTable('chat_messages', {
  id: id(),
  chatId: bigint('chat_id', { mode: 'number' }).notNull(),
  role: text('role').$type<ChatRole>().notNull(),
  content: text('content').notNull(),
  sources: jsonb('sources').$type<ChatSource[]>().notNull().default([]),
  offeredTicket: boolean('offered_ticket').notNull().default(false),
  model: text('model'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type ChatMessageRow = typeof chatMessages.$inferSelect;
