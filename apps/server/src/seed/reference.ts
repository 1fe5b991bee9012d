import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { appSettings, cities, siteContent } from '@/db/schema/index';
import { municipios } from '@/features/cities/index';
import { seedPrivacyReferenceData } from '@/features/privacy/index';
import { TERMS_HTML } from './terms';

export const MUNICIPALITY_COUNT = 5570;

/** Reference data every installation needs: the IBGE municipalities and the terms of use. Idempotent. */
export async function seedReferenceData(db: Db) {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(cities);
  if (Number(n) < MUNICIPALITY_COUNT) {
    const rows = municipios as Array<{ id: number; name: string; state: string }>;
    for (let i = 0; i < rows.length; i += 1000) {
      await db
        .insert(cities)
        .values(rows.slice(i, i + 1000))
        .onConflictDoNothing();
    }
  }
  await db.insert(siteContent).values({ key: 'termos', html: TERMS_HTML }).onConflictDoNothing();
  // the terms' and the privacy policy's versions, and the processors register's first state (docs/privacy.md)
  await seedPrivacyReferenceData(db);
}

/** A secret generated once and kept in the database, so every instance shares it (used when JWT_SECRET is unset). */
export async function ensureSecret(db: Db, key: string): Promise<string> {
  await db
    .insert(appSettings)
    .values({ key, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const rows = await db.select({ value: appSettings.value }).from(appSettings).where(sql`${appSettings.key} = ${key}`);
  const value = rows[0]?.value;
  if (!value) throw new Error(`secret ${key} missing`);
  return value;
}
