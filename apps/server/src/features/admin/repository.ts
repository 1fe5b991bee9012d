import type { CustomerFilter } from '@prata/domain';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { int } from '@/db/integers';
import { auditLog, companies, tradingLimitRequests, type UserRow, users } from '@/db/schema/index';
import { rows } from '@/db/sql';
import { inKeyOrder, type PageAt, type PageTotal, readPageKeys } from '@/lib/paging';

// The back office's SQL: the customers' search and list, a customer's row, the limit requests' queue and decisions,
// the audit log. The rules (who may be approved, what a decision writes besides) stay in customers.ts and audit.ts.

/** The review statuses as conditions on users `u`; pending, rejected and closed each have a partial index (0043). */
const STATUS_WHERE: Record<CustomerFilter, SQL> = {
  all: sql`true`,
  pending: sql`u.approved_at is null and u.registration_rejected_at is null and u.closed_at is null`,
  approved: sql`u.approved_at is not null and u.closed_at is null`,
  rejected: sql`u.registration_rejected_at is not null and u.approved_at is null`,
  closed: sql`u.closed_at is not null`,
};

/**
 * Customers, not operators. `staff_roles = '{}'` rather than cardinality(): the planner reads how many match from the
 * column's statistics (almost all), where cardinality() would be guessed at 0.5 % and steer it to the wrong plan.
 */
const CUSTOMER = sql`u.staff_roles = '{}'`;

/** `[prefix, next)`: the documents starting with these digits, as a range their btree reads (LIKE on char(n) cannot). */
function digitRange(column: SQL, prefix: string): SQL {
  const kept = prefix.replace(/9+$/, '');
  if (!kept) return sql`${column} >= ${prefix}`;
  const next = kept.slice(0, -1) + String(Number(kept.slice(-1)) + 1);
  return sql`${column} >= ${prefix} and ${column} < ${next}`;
}

/** What an operator searches for: the first digits of a CPF or a CNPJ, or part of a name, an e-mail, a razão social. */
export type CustomerTerm = { kind: 'document'; digits: string } | { kind: 'text'; text: string };

/**
 * The ids of the newest `limit` customers a term matches, in one status, each part through an index of migration
 * 0043 or of 0001: part of a name or e-mail (users_search_trgm_idx) or of a razão social (companies_search_trgm_idx),
 * compared without accents or case as the indexes hold them, so "joao" finds "João"; a CPF or a CNPJ by its first
 * digits (their unique btrees). Each side is ordered and limited on its own, so the planner walks the newest
 * customers backwards for a common term ("silva": the first 25 are among the first hundred) and reads the trigram
 * index for a rare one; either way it stops at `limit`.
 */
function searchHits(term: CustomerTerm, status: SQL, limit: number): SQL {
  const sides = (person: SQL, company: SQL) =>
    sql`(select u.id from users u where ${CUSTOMER} and ${status} and ${person} order by u.id desc limit ${limit})
        union
        (select u.id from companies c join users u on u.id = c.user_id
          where ${CUSTOMER} and ${status} and ${company} order by c.user_id desc limit ${limit})`;
  if (term.kind === 'document') {
    return sides(digitRange(sql`u.cpf`, term.digits), digitRange(sql`c.cnpj`, term.digits));
  }
  const part = sql`prata_fold(${`%${term.text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`})`;
  return sides(sql`prata_fold(u.name || ' ' || u.email) like ${part}`, sql`prata_fold(c.razao_social) like ${part}`);
}

/** One page of a search's ids, newest first, and its total (exact up to `totalCap`). */
export async function searchCustomerKeys(
  db: Executor,
  term: CustomerTerm,
  filter: CustomerFilter,
  at: PageAt,
  totalCap: number,
): Promise<{ keys: number[]; total: PageTotal }> {
  const status = STATUS_WHERE[filter];
  const offset = (at.page - 1) * at.perPage;
  const found = await rows<{ key: string }>(
    db,
    sql`select hits.id::text as key from (${searchHits(term, status, offset + at.perPage)}) hits
         order by hits.id desc limit ${at.perPage} offset ${offset}`,
  );
  const keys = found.map((r) => int(r.key));
  if (keys.length < at.perPage && (keys.length > 0 || offset === 0))
    return { keys, total: { total: offset + keys.length, capped: false } };
  const [counted] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${searchHits(term, status, totalCap + 1)}) hits`,
  );
  const n = int(counted?.n ?? 0);
  return { keys, total: n > totalCap ? { total: totalCap, capped: true } : { total: n, capped: false } };
}

/** One page of the customers' ids in one status, newest first (lib/paging.ts). */
export function customerKeys(db: Executor, filter: CustomerFilter, at: PageAt) {
  return readPageKeys(
    db,
    { from: sql`users u where ${CUSTOMER} and ${STATUS_WHERE[filter]}`, orderBy: sql`u.id desc`, key: sql`u.id` },
    at,
  );
}

/** The customers of `keys`, in that order, each with their company's razão social and CNPJ (null for a person). */
export async function customersWithCompany(db: Executor, keys: number[]) {
  if (keys.length === 0) return [];
  const found = await db
    .select({ user: users, company: { razaoSocial: companies.razaoSocial, cnpj: companies.cnpj } })
    .from(users)
    .leftJoin(companies, eq(companies.userId, users.id))
    .where(inArray(users.id, keys));
  return inKeyOrder(found, keys, (r) => r.user.id);
}

/** A user's row (customer or operator), or undefined. */
export async function findUser(db: Executor, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** A user's row locked for update in the caller's transaction, or undefined. */
export async function lockUser(tx: Executor, id: number): Promise<UserRow | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  return user;
}

/** Changes a user's columns (`updatedAt` set too). */
export async function updateUser(tx: Executor, id: number, changes: Partial<Omit<UserRow, 'id'>>): Promise<void> {
  await tx
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/** One page of the pending limit requests, oldest first (the queue), each with its customer. */
export async function pendingLimitRequests(db: Executor, at: PageAt) {
  const list = { from: sql`trading_limit_requests r where r.status = 'pending'`, orderBy: sql`r.id`, key: sql`r.id` };
  const { keys, total } = await readPageKeys(db, list, at);
  const found = keys.length
    ? await db
        .select({
          request: tradingLimitRequests,
          user: { id: users.id, name: users.name, email: users.email, tradingLimitCents: users.tradingLimitCents },
        })
        .from(tradingLimitRequests)
        .innerJoin(users, eq(users.id, tradingLimitRequests.userId))
        .where(inArray(tradingLimitRequests.id, keys))
    : [];
  return { found: inKeyOrder(found, keys, (r) => r.request.id), total };
}

type LimitRequestRow = typeof tradingLimitRequests.$inferSelect;

/** A limit request locked for update in the caller's transaction, or undefined. */
export async function lockLimitRequest(tx: Executor, id: number): Promise<LimitRequestRow | undefined> {
  const [request] = await tx.select().from(tradingLimitRequests).where(eq(tradingLimitRequests.id, id)).for('update');
  return request;
}

/** Records an operator's decision on a limit request; the request as it now is. */
export async function decideLimitRequest(
  tx: Executor,
  id: number,
  decision: Pick<Partial<LimitRequestRow>, 'status' | 'approvedLimitCents' | 'rejectionReason' | 'reviewedBy'>,
): Promise<LimitRequestRow | undefined> {
  const [updated] = await tx
    .update(tradingLimitRequests)
    .set({ ...decision, reviewedAt: new Date() })
    .where(eq(tradingLimitRequests.id, id))
    .returning();
  return updated;
}

/** Audit entries: those about a customer (`customerId`), or all of them. */
function auditWhere(customerId: number | null): SQL {
  if (customerId === null) return sql`true`;
  const id = String(customerId);
  return sql`((a.target_type = 'user' and a.target_id = ${id}) or a.details ->> 'customer_id' = ${id})`;
}

/**
 * One page of audit entries, newest first, through lib/paging.ts: the page's ids are read on audit_log's primary key
 * (or, for one customer, on the two indexes of migration 0005), then the page's rows and actors; the total is capped.
 */
export async function auditEntries(db: Executor, customerId: number | null, at: PageAt) {
  const list = { from: sql`audit_log a where ${auditWhere(customerId)}`, orderBy: sql`a.id desc`, key: sql`a.id` };
  const { keys, total } = await readPageKeys(db, list, at);
  const found = keys.length
    ? await db
        .select({ entry: auditLog, actor: { id: users.id, name: users.name, email: users.email } })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorUserId))
        .where(inArray(auditLog.id, keys))
    : [];
  return { found: inKeyOrder(found, keys, (r) => r.entry.id), total };
}
