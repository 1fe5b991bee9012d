import { createHmac, randomBytes } from 'node:crypto';
import type { Executor } from '@/db/client';
import type { AppDeps } from '@/deps';
import { keptSaltSecret } from './days-repository';

/** Where the generated secret is kept when RESERVES_SALT_SECRET is not configured (shared by every instance). */
const SECRET_SETTING = 'reserves_salt_secret';

/**
 * The secret the salts of proof-of-reserves leaves are derived from: the configured one, or one generated the first
 * time and kept in app_settings, like the other kept secrets. It never leaves the server: a proof carries only the
 * salt of its own customer and day.
 */
export async function reservesSecret(deps: Pick<AppDeps, 'config'>, db: Executor): Promise<string> {
  if (deps.config.reservesSaltSecret) return deps.config.reservesSaltSecret;
  const known = keptSecrets.get(db);
  if (known) return known;
  const kept = await keptSaltSecret(db, SECRET_SETTING, randomBytes(32).toString('hex'));
  if (!kept) throw new Error('reserves: the salt secret is missing');
  keptSecrets.set(db, kept);
  return kept;
}

/**
 * The kept secret, once read, per database handle: it is written once and never changed (a new one would break every
 * stored day's proofs), so a customer's proof does not read it again on every answer.
 */
const keptSecrets = new WeakMap<Executor, string>();

/**
 * A customer's salt of one day: HMAC-SHA256(secret, "<yyyy-mm-dd>|<user id>") in hex. A new salt every day, so a
 * proof file (which carries its salt) lets nobody recognise the same customer's leaf on another day; derived, so
 * nothing is stored and the same day always gets the same salts.
 */
export function daySalt(secret: string, day: string, userId: number): string {
  return createHmac('sha256', secret).update(`${day}|${userId}`).digest('hex');
}
