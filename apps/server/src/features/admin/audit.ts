import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { auditLog, users } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { presentAuditEntry } from './audit-presenter';

export const AUDIT_PAGE_SIZE = 25;

async function auditPage(deps: AppDeps, where: SQL | undefined, page: number) {
  const db = deps.database.db;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actor: { id: users.id, name: users.name, email: users.email } })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { data: rows.map(presentAuditEntry), total: Number(total?.n ?? 0), per_page: AUDIT_PAGE_SIZE };
}

/** Every entry, newest first. */
export const listAudit = (deps: AppDeps, page: number) => auditPage(deps, undefined, page);

/**
 * One customer's entries: those about the customer (operators' decisions, the customer's own changes) and those about
 * something of theirs that names them (documents read, limit requests decided).
 */
export async function listCustomerAudit(deps: AppDeps, customerId: number, page: number) {
  const [customer] = await deps.database.db
    .select({ id: users.id, staffRoles: users.staffRoles })
    .from(users)
    .where(eq(users.id, customerId))
    .limit(1);
  if (!customer || customer.staffRoles.length > 0) throw notFound();
  const id = String(customerId);
  return auditPage(
    deps,
    or(
      and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, id)),
      sql`${auditLog.details}->>'customer_id' = ${id}`,
    ),
    page,
  );
}
