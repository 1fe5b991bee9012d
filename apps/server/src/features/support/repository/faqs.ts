import { asc, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type FaqRow, faqs } from '@/db/schema/index';

type FaqColumns = Pick<FaqRow, 'question' | 'answerHtml' | 'position' | 'active' | 'updatedBy'>;

/** The questions in the operators' order (position, then id), the active ones only unless `all`; at most `limit`. */
export function faqsInOrder(db: Executor, opts: { all: boolean; limit: number }): Promise<FaqRow[]> {
  const query = db.select().from(faqs);
  return (opts.all ? query : query.where(eq(faqs.active, true)))
    .orderBy(asc(faqs.position), asc(faqs.id))
    .limit(opts.limit);
}

export async function insertFaq(tx: Executor, values: FaqColumns): Promise<FaqRow | undefined> {
  const [row] = await tx.insert(faqs).values(values).returning();
  return row;
}

/** The question as changed, or undefined when there is none. */
export async function updateFaqRow(tx: Executor, id: number, values: FaqColumns): Promise<FaqRow | undefined> {
  const [row] = await tx
    .update(faqs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(faqs.id, id))
    .returning();
  return row;
}

/** The question deleted, or undefined when there was none. */
export async function deleteFaqRow(tx: Executor, id: number): Promise<FaqRow | undefined> {
  const [row] = await tx.delete(faqs).where(eq(faqs.id, id)).returning();
  return row;
}
