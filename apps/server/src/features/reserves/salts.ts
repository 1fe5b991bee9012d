import { createHmac, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rows } from '../../db/sql';
import type { AppDeps } from '../../deps';

/** Where the generated secret is kept when RESERVES_SALT_SECRET is not configured (shared by every instance). */
const SECRET_SETTING = 'reserves_salt_secret';

/**
 * The secret the salts of proof-of-reserves leaves are derived from: the configured one, or one generated the first
 * time and kept in app_settings, like the other kept secrets. It never leaves the server: a proof carries only the
 * salt of its own customer and day.
 */
export async function reservesSecret(deps: Pick<AppDeps, 'config'>, db: Executor): Promise<string> {
  if (deps.config.reservesSaltSecret) return deps.config.reservesSaltSecret;
  await db.execute(
    sql`insert into app_settings (key, value) values (${SECRET_SETTING}, ${randomBytes(32).toString('hex')})
        on conflict (key) do nothing`,
  );
  const [kept] = await rows<{ value: string }>(db, sql`select value from app_settings where key = ${SECRET_SETTING}`);
  if (!kept) throw new Error('reserves: the salt secret is missing');
  return kept.value;
}

/**
 * A customer's salt of one day: HMAC-SHA256(secret, "<yyyy-mm-dd>|<user id>") in hex. A new salt every day, so a
 * proof file (which carries its salt) lets nobody recognise the same customer's leaf on another day; derived, so
 * nothing is stored and the same day always gets the same salts.
 */
export function daySalt(secret: string, day: string, userId: number): string {
  return createHmac('sha256', secret).update(`${day}|${userId}`).digest('hex');
}
