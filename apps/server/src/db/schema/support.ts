import { bigint, boolean, char, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { DocumentMime } from './profile';

// Mirrors db/migrations/0013_support.sql: FAQs, contact information, ticket categories and tickets. docs/support.md.

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const ref = (name: string) => bigint(name, { mode: 'number' });

export const faqs = pgTable('faqs', {
  id: id(),
  question: text('question').notNull(),
  answerHtml: text('answer_html').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  updatedBy: ref('updated_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type FaqRow = typeof faqs.$inferSelect;

export const contactInformation = pgTable('contact_information', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedBy: ref('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const ticketCategories = pgTable('ticket_categories', {
  id: id(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ticketSubcategories = pgTable('ticket_subcategories', {
  id: id(),
  categoryId: ref('category_id').notNull(),
  name: text('name').notNull(),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export type TicketStatusDb = 'pending' | 'closed';

export const tickets = pgTable('tickets', {
  id: id(),
  userId: ref('user_id'),
  email: text('email').notNull(),
  visitor: boolean('visitor').notNull().default(false),
  categoryId: ref('category_id').notNull(),
  subcategoryId: ref('subcategory_id').notNull(),
  subject: text('subject').notNull(),
  description: text('description').notNull(),
  status: text('status').$type<TicketStatusDb>().notNull().default('pending'),
  lastReplyBy: text('last_reply_by').$type<'customer' | 'staff'>(),
  closedAt: ts('closed_at'),
  closedBy: ref('closed_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type TicketRow = typeof tickets.$inferSelect;

export const ticketInteractions = pgTable('ticket_interactions', {
  id: id(),
  ticketId: ref('ticket_id').notNull(),
  authorUserId: ref('author_user_id'),
  fromStaff: boolean('from_staff').notNull(),
  authorName: text('author_name').notNull(),
  message: text('message').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type TicketInteractionRow = typeof ticketInteractions.$inferSelect;

export const ticketAttachments = pgTable('ticket_attachments', {
  id: id(),
  ticketId: ref('ticket_id').notNull(),
  uploadedBy: ref('uploaded_by'),
  fromStaff: boolean('from_staff').notNull(),
  originalName: text('original_name').notNull(),
  storageKey: text('storage_key').notNull(),
  mimeType: text('mime_type').$type<DocumentMime>().notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: char('sha256', { length: 64 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});
export type TicketAttachmentRow = typeof ticketAttachments.$inferSelect;

export const ticketRatings = pgTable('ticket_ratings', {
  ticketId: ref('ticket_id').primaryKey(),
  stars: smallint('stars').notNull(),
  description: text('description'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type TicketRatingRow = typeof ticketRatings.$inferSelect;

export const ticketEmailProofs = pgTable('ticket_email_proofs', {
  id: id(),
  email: text('email').notNull(),
  tokenHash: char('token_hash', { length: 64 }).notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});
