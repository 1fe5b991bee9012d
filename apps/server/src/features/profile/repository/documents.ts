import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type DocumentRow, documents } from '@/db/schema/index';

/** The customer's kept documents, newest first. */
export function keptDocuments(db: Executor, userId: number): Promise<DocumentRow[]> {
  return db
    .select()
    .from(documents)
    .where(and(eq(documents.userId, userId), isNull(documents.deletedAt)))
    .orderBy(desc(documents.id));
}

export async function keptDocumentCount(tx: Executor, userId: number): Promise<number> {
  const [n] = await tx
    .select({ n: count() })
    .from(documents)
    .where(and(eq(documents.userId, userId), isNull(documents.deletedAt)));
  return Number(n?.n ?? 0);
}

export async function insertDocument(tx: Executor, values: typeof documents.$inferInsert): Promise<DocumentRow> {
  const [row] = await tx.insert(documents).values(values).returning();
  return row!;
}

/** A kept document by id; with `userId`, only that customer's. */
export async function keptDocumentById(
  db: Executor,
  id: number,
  userId: number | null,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.id, id),
        isNull(documents.deletedAt),
        userId !== null ? eq(documents.userId, userId) : undefined,
      ),
    )
    .limit(1);
  return row;
}
