import { bigint, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';

// Mirrors db/migrations/0015_affiliates_videos.sql. Reais are not here: the ledger holds them; these rows say why.

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const affiliateSettings = pgTable('affiliate_settings', {
  id: smallint('id').primaryKey().default(1),
  rewardShareBps: integer('reward_share_bps').notNull(),
  validityYears: integer('validity_years').notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const affiliateRewardCursor = pgTable('affiliate_reward_cursor', {
  id: smallint('id').primaryKey().default(1),
  lastTradeId: bigint('last_trade_id', { mode: 'number' }).notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const affiliateRewards = pgTable('affiliate_rewards', {
  id: id(),
  affiliateUserId: bigint('affiliate_user_id', { mode: 'number' }).notNull(),
  referredUserId: bigint('referred_user_id', { mode: 'number' }).notNull(),
  tradeId: bigint('trade_id', { mode: 'number' }),
  side: text('side').$type<'buy' | 'sell'>(),
  quantityCg: bigint('quantity_cg', { mode: 'number' }),
  feeCents: bigint('fee_cents', { mode: 'number' }).notNull(),
  shareBps: integer('share_bps').notNull(),
  currency: text('currency').$type<'BRL' | 'AG'>().notNull().default('BRL'),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  description: text('description').notNull(),
  transferId: text('transfer_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const educationalVideos = pgTable('educational_videos', {
  id: id(),
  youtubeId: varchar('youtube_id', { length: 11 }).notNull(),
  title: text('title').notNull(),
  tag: text('tag').$type<'informative' | 'tutorial'>().notNull(),
  createdBy: bigint('created_by', { mode: 'number' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
