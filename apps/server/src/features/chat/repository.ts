import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type ChatRow, chatMessages, chats } from '@/db/schema/index';

// The chat's SQL: the conversations and their messages.

export async function chatByTokenHash(db: Executor, tokenHash: string): Promise<ChatRow | undefined> {
  const [chat] = await db.select().from(chats).where(eq(chats.tokenHash, tokenHash)).limit(1);
  return chat;
}

/** The conversation's latest `limit` messages, newest first. */
export function latestChatMessages(db: Executor, chatId: number, limit: number) {
  return db
    .select({ role: chatMessages.role, content: chatMessages.content })
    .from(chatMessages)
    .where(eq(chatMessages.chatId, chatId))
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

/** Counts two more messages on the conversation while it has at most `maxBefore`; false when it has more. */
export async function countTwoMoreMessages(tx: Executor, chatId: number, maxBefore: number): Promise<boolean> {
  const [row] = await tx
    .update(chats)
    .set({ messageCount: sql`${chats.messageCount} + 2`, lastMessageAt: new Date() })
    .where(and(eq(chats.id, chatId), lte(chats.messageCount, maxBefore)))
    .returning({ id: chats.id });
  return row !== undefined;
}

/** The new conversation's id. */
export async function insertChat(tx: Executor, values: typeof chats.$inferInsert): Promise<number> {
  const [row] = await tx.insert(chats).values(values).returning({ id: chats.id });
  return row!.id;
}

export async function insertChatMessages(tx: Executor, values: Array<typeof chatMessages.$inferInsert>) {
  await tx.insert(chatMessages).values(values);
}
