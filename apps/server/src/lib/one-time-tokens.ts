import { and, eq, isNull } from 'drizzle-orm';
import type { Config } from '@/config';
import type { Executor } from '@/db/client';
import { oneTimeTokens } from '@/db/schema/index';
import { randomToken, sha256Hex } from './crypto';

export type TokenPurpose = 'email_verification' | 'password_reset';
const ttlSeconds = (config: Pick<Config, 'windows'>, purpose: TokenPurpose | 'session_end') =>
  purpose === 'email_verification'
    ? config.windows.emailVerificationTtlSeconds
    : purpose === 'password_reset'
      ? config.windows.passwordResetTtlSeconds
      : config.windows.sessionEndLinkTtlSeconds;

/** A single-use link token; only its SHA-256 is stored. Earlier unused tokens of the same purpose die. */
export async function createOneTimeToken(
  tx: Executor,
  config: Pick<Config, 'windows'>,
  userId: number,
  purpose: TokenPurpose,
): Promise<string> {
  await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
  const token = randomToken();
  await tx.insert(oneTimeTokens).values({
    userId,
    purpose,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + ttlSeconds(config, purpose) * 1000),
  });
  return token;
}

/**
 * The link of a new-device e-mail that ends that one session (features/devices). Each session has its own: earlier
 * links of the user stay valid, since they name other sessions.
 */
export async function createSessionEndToken(
  tx: Executor,
  config: Pick<Config, 'windows'>,
  userId: number,
  sessionId: string,
): Promise<string> {
  const token = randomToken();
  await tx.insert(oneTimeTokens).values({
    userId,
    purpose: 'session_end',
    sessionId,
    tokenHash: sha256Hex(token),
    expiresAt: new Date(Date.now() + ttlSeconds(config, 'session_end') * 1000),
  });
  return token;
}

/**
 * Uses a session-end link. `first`: this call used it; `again`: it was used before, while valid (a second click, the
 * same answer); null: never issued, or expired before it was used.
 */
export async function consumeSessionEndToken(
  tx: Executor,
  token: string,
): Promise<{ userId: number; sessionId: string; use: 'first' | 'again' } | null> {
  if (!/^[\w-]{20,200}$/.test(token)) return null;
  const [row] = await tx
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, sha256Hex(token)), eq(oneTimeTokens.purpose, 'session_end')))
    .limit(1)
    .for('update');
  if (!row?.sessionId) return null;
  const found = { userId: row.userId, sessionId: row.sessionId };
  if (row.usedAt) return row.usedAt.getTime() < row.expiresAt.getTime() ? { ...found, use: 'again' } : null;
  if (row.expiresAt.getTime() <= Date.now()) return null;
  await tx.update(oneTimeTokens).set({ usedAt: new Date() }).where(eq(oneTimeTokens.id, row.id));
  return { ...found, use: 'first' };
}

/** Uses a token once; returns its user, or null when unknown, used or expired. */
export async function consumeOneTimeToken(tx: Executor, purpose: TokenPurpose, token: string): Promise<number | null> {
  if (!/^[\w-]{20,200}$/.test(token)) return null;
  const [row] = await tx
    .update(oneTimeTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, sha256Hex(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.usedAt),
      ),
    )
    .returning({ userId: oneTimeTokens.userId, expiresAt: oneTimeTokens.expiresAt });
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return row.userId;
}

/**
 * The user of a token that was used (or replaced by a newer one) while it was still valid; null for a token never
 * issued, still unused, or opened only after it expired. A second click on a link can then be told from a bad link.
 */
export async function usedTokenOwner(tx: Executor, purpose: TokenPurpose, token: string): Promise<number | null> {
  if (!/^[\w-]{20,200}$/.test(token)) return null;
  const [row] = await tx
    .select({ userId: oneTimeTokens.userId, usedAt: oneTimeTokens.usedAt, expiresAt: oneTimeTokens.expiresAt })
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, sha256Hex(token)), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  if (!row?.usedAt || row.usedAt.getTime() >= row.expiresAt.getTime()) return null;
  return row.userId;
}
