import { inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { contactInformation } from '@/db/schema/index';

/** The entries of `keys` that exist. */
export function contactEntries(db: Executor, keys: string[]) {
  return db
    .select({ key: contactInformation.key, value: contactInformation.value })
    .from(contactInformation)
    .where(inArray(contactInformation.key, keys));
}

/** Writes one entry ('' clears it), new or not. */
export async function upsertContactEntry(
  tx: Executor,
  entry: { key: string; value: string; updatedBy: number; updatedAt: Date },
): Promise<void> {
  const { value, updatedBy, updatedAt } = entry;
  await tx
    .insert(contactInformation)
    .values(entry)
    .onConflictDoUpdate({ target: contactInformation.key, set: { value, updatedBy, updatedAt } });
}
