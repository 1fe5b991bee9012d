import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { type BankingInformationRow, bankingInformation } from '@/db/schema/index';

/** The customer's kept banking entries, oldest first. */
export function keptBankingEntries(db: Executor, userId: number): Promise<BankingInformationRow[]> {
  return db
    .select()
    .from(bankingInformation)
    .where(and(eq(bankingInformation.userId, userId), isNull(bankingInformation.deletedAt)))
    .orderBy(asc(bankingInformation.id));
}

export async function insertBankingEntry(
  tx: Executor,
  values: typeof bankingInformation.$inferInsert,
): Promise<BankingInformationRow> {
  const [row] = await tx.insert(bankingInformation).values(values).returning();
  return row!;
}

/** Marks one of the customer's kept entries deleted; the entry, or undefined when there is none. */
export async function markBankingEntryDeleted(
  tx: Executor,
  userId: number,
  id: number,
): Promise<BankingInformationRow | undefined> {
  const [row] = await tx
    .update(bankingInformation)
    .set({ deletedAt: new Date() })
    .where(
      and(eq(bankingInformation.id, id), eq(bankingInformation.userId, userId), isNull(bankingInformation.deletedAt)),
    )
    .returning();
  return row;
}
