import type { Executor } from '@/db/client';
import { auditLog, eventLogs } from '@/db/schema/index';

/** Every operator action, in the same transaction as the action itself. */
export async function writeAudit(
  tx: Executor,
  entry: {
    actorUserId: number | null;
    action: string;
    targetType?: string;
    targetId?: string | number;
    details?: object;
    ip?: string;
  },
) {
  await tx.insert(auditLog).values({
    actorUserId: entry.actorUserId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId === undefined ? null : String(entry.targetId),
    details: entry.details ?? {},
    ip: entry.ip ?? null,
  });
}

/** A line the customer reads in "Demais eventos" (their own account's history). */
export async function logEvent(tx: Executor, userId: number, description: string) {
  await tx.insert(eventLogs).values({ userId, description });
}
