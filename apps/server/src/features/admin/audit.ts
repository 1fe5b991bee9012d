import type { AppDeps } from '@/deps';
import { notFound } from '@/lib/errors';
import { pageAnswer } from '@/lib/paging';
import { presentAuditEntry } from './audit-presenter';
import { auditEntries, findUser } from './repository';

const AUDIT_PAGE_SIZE = 25;

/** One page of entries, newest first: of one customer, or (null) every entry. */
async function auditPage(deps: AppDeps, customerId: number | null, page: number) {
  const at = { page, perPage: AUDIT_PAGE_SIZE };
  const { found, total } = await auditEntries(deps.database.db, customerId, at);
  return pageAnswer(found.map(presentAuditEntry), total, AUDIT_PAGE_SIZE);
}

/** Every entry, newest first. */
export const listAudit = (deps: AppDeps, page: number) => auditPage(deps, null, page);

/**
 * One customer's entries: those about the customer (operators' decisions, the customer's own changes) and those about
 * something of theirs that names them (documents read, limit requests decided).
 */
export async function listCustomerAudit(deps: AppDeps, customerId: number, page: number) {
  const customer = await findUser(deps.database.db, customerId);
  if (!customer || customer.staffRoles.length > 0) throw notFound();
  return auditPage(deps, customerId, page);
}
