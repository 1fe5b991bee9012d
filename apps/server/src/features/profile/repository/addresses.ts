import { and, count, eq, isNull } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { addresses } from '@/db/schema/index';

type AddressColumns = Omit<typeof addresses.$inferInsert, 'id' | 'userId' | 'createdAt' | 'updatedAt' | 'deletedAt'>;

const ownAddress = (userId: number, id: number) =>
  and(eq(addresses.id, id), eq(addresses.userId, userId), isNull(addresses.deletedAt));

/** How many addresses the customer keeps (not deleted). */
export async function keptAddressCount(tx: Executor, userId: number): Promise<number> {
  const [n] = await tx
    .select({ n: count() })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), isNull(addresses.deletedAt)));
  return Number(n?.n ?? 0);
}

/** The new address's id. */
export async function insertAddress(tx: Executor, userId: number, values: AddressColumns): Promise<number> {
  const [row] = await tx
    .insert(addresses)
    .values({ userId, ...values })
    .returning({ id: addresses.id });
  return row!.id;
}

/** False when the customer keeps no such address. */
export async function updateOwnAddress(
  tx: Executor,
  userId: number,
  id: number,
  values: AddressColumns,
): Promise<boolean> {
  const [row] = await tx
    .update(addresses)
    .set({ ...values, updatedAt: new Date() })
    .where(ownAddress(userId, id))
    .returning({ id: addresses.id });
  return row !== undefined;
}

/** Marks one of the customer's addresses deleted (the row stays). */
export async function markAddressDeleted(tx: Executor, userId: number, id: number): Promise<void> {
  await tx.update(addresses).set({ deletedAt: new Date() }).where(ownAddress(userId, id));
}
