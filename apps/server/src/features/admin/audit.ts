import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { auditLog, users } from '../../db/schema/index';
import { notFound } from '../../lib/errors';
import { inKeyOrder, pageAnswer, readPageKeys } from '../../lib/paging';
import { presentAuditEntry } from './audit-presenter';

export const AUDIT_PAGE_SIZE = 25;

/**
 * One page of entries, newest first, through lib/paging.ts: the page's ids are read on audit_log's primary key (or, for
 * one customer, on the two indexes of migration 0005), then the page's rows and actors; the total is capped.
 */
async function auditPage(deps: AppDeps, where: SQL, page: number) {
  const db = deps.database.db;
  const list = { from: sql`audit_log a where ${where}`, orderBy: sql`a.id desc`, key: sql`a.id` };
  const { keys, total } = await readPageKeys(db, list, { page, perPage: AUDIT_PAGE_SIZE });
  const rows = keys.length
    ? await db
        .select({ entry: auditLog, actor: { id: users.id, name: users.name, email: users.email } })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(inArray(auditLog.id, keys))
    : [];
  const data = inKeyOrder(rows, keys, (r) => r.entry.id).map(presentAuditEntry);
  return pageAnswer(data, total, AUDIT_PAGE_SIZE);
}

/** Every entry, newest first. */
export const listAudit = (deps: AppDeps, page: number) => auditPage(deps, sql`true`, page);

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
    sql`((a.target_type = 'user' and a.target_id = ${id}) or a.details ->> 'customer_id' = ${id})`,
    page,
  );
}
