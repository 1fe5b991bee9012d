import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { passkeyChallenges, passkeyFallbacks, type PasskeyRow, passkeys } from '@/db/schema/index';

// The passkeys' SQL: the credentials, their one-time challenges and the "Perdi minha chave de acesso" fallbacks.

/** The account's passkeys, oldest first. */
export function passkeysOf(db: Executor, userId: number): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(passkeys.id);
}

/** Whether the account has a passkey. */
export async function hasAnyPasskey(db: Executor, userId: number): Promise<boolean> {
  const [any] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  return any !== undefined;
}

/** The account's passkey of this credential id. */
export async function passkeyByCredential(
  db: Executor,
  userId: number,
  credentialId: string,
): Promise<PasskeyRow | undefined> {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.credentialId, credentialId), eq(passkeys.userId, userId)))
    .limit(1);
  return row;
}

export async function insertPasskey(tx: Executor, values: typeof passkeys.$inferInsert): Promise<PasskeyRow> {
  const [created] = await tx.insert(passkeys).values(values).returning();
  return created!;
}

/** Deletes one of the account's passkeys; the row deleted, or undefined when there was none. */
export async function deleteOwnPasskey(tx: Executor, userId: number, id: number): Promise<PasskeyRow | undefined> {
  const [row] = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning();
  return row;
}

/**
 * Moves the passkey's signature counter to `counter` when it goes forward, or both are 0 (authenticators without a
 * counter, such as synced passkeys); the row as changed, or undefined when the counter did not go forward.
 */
export async function advancePasskeyCounter(
  tx: Executor,
  id: number,
  counter: number,
): Promise<PasskeyRow | undefined> {
  const [updated] = await tx
    .update(passkeys)
    .set({ counter, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, id), counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, counter)))
    .returning();
  return updated;
}

/** Deletes the account's challenges that expired before `before`. */
export async function deleteChallengesExpiredBefore(tx: Executor, userId: number, before: Date): Promise<void> {
  await tx
    .delete(passkeyChallenges)
    .where(and(eq(passkeyChallenges.userId, userId), lt(passkeyChallenges.expiresAt, before)));
}

export async function insertChallenge(tx: Executor, values: typeof passkeyChallenges.$inferInsert): Promise<void> {
  await tx.insert(passkeyChallenges).values(values);
}

/** The challenge with this text, locked for update. */
export async function lockChallenge(tx: Executor, challenge: string) {
  const [row] = await tx
    .select()
    .from(passkeyChallenges)
    .where(eq(passkeyChallenges.challenge, challenge))
    .limit(1)
    .for('update');
  return row;
}

export async function markChallengeConsumed(tx: Executor, id: number): Promise<void> {
  await tx.update(passkeyChallenges).set({ consumedAt: new Date() }).where(eq(passkeyChallenges.id, id));
}

/** The account's latest unused fallback still usable (its availability after `availableAfter`). */
export async function latestOpenFallback(db: Executor, userId: number, availableAfter: Date) {
  const [row] = await db
    .select()
    .from(passkeyFallbacks)
    .where(
      and(
        eq(passkeyFallbacks.userId, userId),
        isNull(passkeyFallbacks.usedAt),
        gt(passkeyFallbacks.availableAt, availableAfter),
      ),
    )
    .orderBy(desc(passkeyFallbacks.id))
    .limit(1);
  return row;
}

export async function insertFallback(tx: Executor, values: { userId: number; availableAt: Date }) {
  const [created] = await tx.insert(passkeyFallbacks).values(values).returning();
  return created!;
}

export async function markFallbackUsed(tx: Executor, fallbackId: number): Promise<void> {
  await tx.update(passkeyFallbacks).set({ usedAt: new Date() }).where(eq(passkeyFallbacks.id, fallbackId));
}
