import { CONTACT_INFO_KEYS, type ContactInfoKey, MESSAGES } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { Executor } from '@/db/client';
import { withTransaction } from '@/db/tx';
import { writeAudit } from '@/lib/audit';
import { contactEntries, upsertContactEntry } from './repository/index';

type Entry = { key: ContactInfoKey; value: string };

/** GET /api/contact-information: the spec's keys that have a value, in CONTACT_INFO_KEYS order. */
export async function readContactInformation(db: Executor): Promise<Entry[]> {
  const rows = await contactEntries(db, [...CONTACT_INFO_KEYS]);
  const byKey = new Map(rows.map((r) => [r.key, r.value]));
  return CONTACT_INFO_KEYS.flatMap((key) => {
    const value = byKey.get(key);
    return value ? [{ key, value }] : [];
  });
}

/**
 * PUT /api/admin/contact-information: the entries sent are written ('' clears one); keys not sent stay as they are.
 * The last entry of a key sent twice wins.
 */
export async function saveContactInformation(deps: AppDeps, staff: { userId: number; ip: string }, info: Entry[]) {
  const latest = new Map(info.map((e) => [e.key, e.value]));
  return withTransaction(deps.database.db, async (tx) => {
    const now = new Date();
    for (const [key, value] of latest) {
      await upsertContactEntry(tx, { key, value, updatedBy: staff.userId, updatedAt: now });
    }
    await writeAudit(tx, {
      actorUserId: staff.userId,
      action: 'contact_information.updated',
      targetType: 'contact_information',
      details: { keys: [...latest.keys()] },
      ip: staff.ip,
    });
    return { info: await readContactInformation(tx), message: MESSAGES.contactInfoSaved };
  });
}
