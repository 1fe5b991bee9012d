import { MESSAGES } from '@prata/domain';
import type { Executor } from '@/db/client';
import type { UserRow } from '@/db/rows';
import { writeAudit } from '@/lib/audit';
import { invalidFields } from '@/lib/errors';

/** One field a customer changed, with the stored value before and the value after (raw; masked when shown). */
export type FieldChange = { field: string; from: string | null; to: string | null };

/** The fields whose value differs; a field stored empty before is being filled in, not changed. */
export function changedFields(pairs: Record<string, [from: string | null, to: string | null]>): FieldChange[] {
  return Object.entries(pairs)
    .filter(([, [from, to]]) => from !== null && from !== to)
    .map(([field, [from, to]]) => ({ field, from, to }));
}

/**
 * Once operators approved the registration, the identity they checked (CPF, name, birth date; CNPJ, razão social)
 * is locked: a change would otherwise go live unchecked. The customer asks the support team instead.
 */
export function refuseApprovedIdentityChange(user: UserRow, changes: FieldChange[]) {
  if (!user.approvedAt || changes.length === 0) return;
  throw invalidFields(Object.fromEntries(changes.map((c) => [c.field, [MESSAGES.identityLocked]])), 'IDENTITY_LOCKED');
}

export type Actor = { ip?: string };

/** The audit-log entry of a customer's own change (actor = the customer), read by operators in Portuguese. */
export async function auditCustomerChange(
  tx: Executor,
  user: UserRow,
  action: 'customer.identity_changed' | 'customer.contact_changed',
  changes: FieldChange[],
  actor: Actor,
) {
  if (changes.length === 0) return;
  await writeAudit(tx, {
    actorUserId: user.id,
    action,
    targetType: 'user',
    targetId: user.id,
    details: { changes },
    ip: actor.ip,
  });
}
