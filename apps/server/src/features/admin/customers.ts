import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { type CustomerFilter, formatBRL, MESSAGES, minorToDecimal, onlyDigits } from '@prata/domain';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { rows } from '../../db/sql';
import { int } from '../../db/integers';
import { companies, tradingLimitRequests, users, type UserRow } from '../../db/schema/index';
import { withTransaction } from '../../db/tx';
import { logEvent, writeAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { inKeyOrder, type PageAt, pageAnswer, readPageKeys } from '../../lib/paging';
import { enqueueEmail } from '../../messaging/outbox';
import { revokeSessions } from '../../plugins/auth';
import { registrationApprovedMail, registrationRejectedMail, limitDecisionMail } from '../../messaging/templates';
import { listBanking } from '../profile/index';
import { listDocuments } from '../profile/index';
import { listLimitRequests, presentLimitRequest } from '../profile/index';
import { claimPendingTransfers } from '../silver-transfers/index';
import { isRegistrationComplete, presentUser, registrationSteps } from '../users/index';
import { countAddresses, findCompanyByUser } from '../users/index';

export const ADMIN_PAGE_SIZE = 25;

type Actor = { userId: number; ip: string };

/** Status of a customer as operators see it. */
export function reviewStatus(u: UserRow): 'closed' | 'approved' | 'rejected' | 'pending' {
  if (u.closedAt) return 'closed';
  if (u.approvedAt) return 'approved';
  if (u.registrationRejectedAt) return 'rejected';
  return 'pending';
}

/** The shortest part of a name or e-mail, or first digits of a CPF or CNPJ, the search compares (docs/admin.md). */
export const SEARCH_MIN_LENGTH = 3;
/**
 * A search's total is exact up to this many customers, then "mais de 200": counting every "silva" among a million
 * would cost more than the page, and an operator who gets that many narrows the term instead of paging.
 */
export const SEARCH_TOTAL_CAP = 200;
/** A term of digits and a document's punctuation only is a CPF or a CNPJ, typed with or without its dots and dashes. */
const DOCUMENT_TERM = /^[\d.\-/\s]+$/;

const searchTermTooShort = () => new AppError('SEARCH_TERM_TOO_SHORT', MESSAGES.searchTermTooShort(SEARCH_MIN_LENGTH));

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

/**
 * The ids of the newest `limit` customers a term matches, in one status, each part through an index of migration
 * 0043 or of 0001: part of a name or e-mail (users_search_trgm_idx) or of a razão social (companies_search_trgm_idx),
 * compared without accents or case as the indexes hold them, so "joao" finds "João"; a CPF or a CNPJ by its first
 * digits (their unique btrees). Each side is ordered and limited on its own, so the planner walks the newest
 * customers backwards for a common term ("silva": the first 25 are among the first hundred) and reads the trigram
 * index for a rare one; either way it stops at `limit`. A term shorter than SEARCH_MIN_LENGTH answers
 * SEARCH_TERM_TOO_SHORT: a trigram index cannot narrow one or two letters.
 */
function searchHits(q: string, status: SQL, limit: number): SQL {
  const text = q.trim();
  const sides = (person: SQL, company: SQL) =>
    sql`(select u.id from users u where ${CUSTOMER} and ${status} and ${person} order by u.id desc limit ${limit})
        union
        (select u.id from companies c join users u on u.id = c.user_id
          where ${CUSTOMER} and ${status} and ${company} order by c.user_id desc limit ${limit})`;
  if (DOCUMENT_TERM.test(text)) {
    const digits = onlyDigits(text);
    if (digits.length < SEARCH_MIN_LENGTH) throw searchTermTooShort();
    return sides(digitRange(sql`u.cpf`, digits), digitRange(sql`c.cnpj`, digits));
  }
  if ([...text].length < SEARCH_MIN_LENGTH) throw searchTermTooShort();
  const part = sql`prata_fold(${`%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`})`;
  return sides(sql`prata_fold(u.name || ' ' || u.email) like ${part}`, sql`prata_fold(c.razao_social) like ${part}`);
}

/** One page of a search's ids, newest first, and its total (exact up to SEARCH_TOTAL_CAP). */
async function searchPage(db: Executor, q: string, filter: CustomerFilter, at: PageAt) {
  const status = STATUS_WHERE[filter];
  const offset = (at.page - 1) * at.perPage;
  const found = await rows<{ key: string }>(
    db,
    sql`select hits.id::text as key from (${searchHits(q, status, offset + at.perPage)}) hits
         order by hits.id desc limit ${at.perPage} offset ${offset}`,
  );
  const keys = found.map((r) => int(r.key));
  if (keys.length < at.perPage && (keys.length > 0 || offset === 0))
    return { keys, total: { total: offset + keys.length, capped: false } };
  const [counted] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (${searchHits(q, status, SEARCH_TOTAL_CAP + 1)}) hits`,
  );
  const n = int(counted?.n ?? 0);
  return {
    keys,
    total: n > SEARCH_TOTAL_CAP ? { total: SEARCH_TOTAL_CAP, capped: true } : { total: n, capped: false },
  };
}

/**
 * Search by name, e-mail, CPF or CNPJ; filter by review status; newest first. Operators (staff) are not customers.
 * Without a term the list pages through lib/paging.ts on the primary key (or a status's partial index); with one,
 * through searchHits. Either way the page's ids come first, then their rows.
 */
export async function searchCustomers(deps: AppDeps, q: string, filter: CustomerFilter, page: number) {
  const db = deps.database.db;
  const at = { page, perPage: ADMIN_PAGE_SIZE };
  const { keys, total } = q.trim()
    ? await searchPage(db, q, filter, at)
    : await readPageKeys(
        db,
        { from: sql`users u where ${CUSTOMER} and ${STATUS_WHERE[filter]}`, orderBy: sql`u.id desc`, key: sql`u.id` },
        at,
      );
  const found = keys.length
    ? await db
        .select({ user: users, company: { razaoSocial: companies.razaoSocial, cnpj: companies.cnpj } })
        .from(users)
        .leftJoin(companies, eq(companies.userId, users.id))
        .where(inArray(users.id, keys))
    : [];
  const data = inKeyOrder(found, keys, (r) => r.user.id).map(({ user, company }) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    account_type: user.accountType,
    cpf: user.cpf,
    cnpj: company?.cnpj ?? null,
    razao_social: company?.razaoSocial ?? null,
    status: reviewStatus(user),
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
  }));
  return pageAnswer(data, total, ADMIN_PAGE_SIZE);
}

async function findCustomer(deps: AppDeps, id: number): Promise<UserRow> {
  const [u] = await deps.database.db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!u || u.staffRoles.length > 0) throw notFound();
  return u;
}

export async function customerDetail(deps: AppDeps, id: number) {
  const db = deps.database.db;
  const user = await findCustomer(deps, id);
  const [view, documentList, bankingList, limitRequests] = await Promise.all([
    presentUser(db, user),
    listDocuments(db, id),
    listBanking(db, id),
    listLimitRequests(db, id),
  ]);
  return {
    customer: {
      ...view,
      status: reviewStatus(user),
      blocked_at: user.blockedAt?.toISOString() ?? null,
      blocked_reason: user.blockedReason,
    },
    documents: documentList,
    bankingInformation: bankingList,
    tradingLimitRequests: limitRequests,
  };
}

/** Approves or rejects a customer's registration (rejection needs a reason the customer reads). Audited. */
export async function reviewRegistration(
  deps: AppDeps,
  actor: Actor,
  id: number,
  decision: { decision: 'approve'; note?: string | null } | { decision: 'reject'; reason: string },
) {
  await withTransaction(deps.database.db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!user || user.staffRoles.length > 0) throw notFound();
    if (user.closedAt) throw new AppError('CUSTOMER_ACCOUNT_CLOSED', 'A conta está encerrada.');
    if (decision.decision === 'approve') {
      if (user.approvedAt) throw new AppError('ALREADY_DECIDED', 'O cadastro já está aprovado.');
      const steps = registrationSteps(user, await countAddresses(tx, id), await findCompanyByUser(tx, id));
      if (!isRegistrationComplete(user, steps))
        throw new AppError('NOT_READY_FOR_APPROVAL', 'O cadastro ainda está incompleto: não é possível aprová-lo.');
      await tx
        .update(users)
        .set({
          approvedAt: new Date(),
          registrationRejectedAt: null,
          registrationRejectionReason: null,
          registrationReviewedBy: actor.userId,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id));
      await enqueueEmail(tx, { to: user.email, ...registrationApprovedMail(user.name) });
      await logEvent(tx, id, 'Cadastro aprovado');
      // silver sent to this e-mail and CPF before the account existed reaches it now (docs/silver-transfers.md)
      await claimPendingTransfers(tx, user);
    } else {
      await tx
        .update(users)
        .set({
          approvedAt: null,
          registrationRejectedAt: new Date(),
          registrationRejectionReason: decision.reason,
          registrationReviewedBy: actor.userId,
          updatedAt: new Date(),
        })
        .where(eq(users.id, id));
      await enqueueEmail(tx, { to: user.email, ...registrationRejectedMail(user.name, decision.reason) });
      await logEvent(tx, id, `Cadastro recusado: ${decision.reason}`);
    }
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: decision.decision === 'approve' ? 'customer.registration_approved' : 'customer.registration_rejected',
      targetType: 'user',
      targetId: id,
      details: decision.decision === 'approve' ? { note: decision.note ?? null } : { reason: decision.reason },
      ip: actor.ip,
    });
  });
  deps.outbox.kick();
  return customerDetail(deps, id);
}

/** The pending limit requests, oldest first (the queue), paged by lib/paging.ts. */
export async function listPendingLimitRequests(deps: AppDeps, page: number) {
  const db = deps.database.db;
  const list = { from: sql`trading_limit_requests r where r.status = 'pending'`, orderBy: sql`r.id`, key: sql`r.id` };
  const { keys, total } = await readPageKeys(db, list, { page, perPage: ADMIN_PAGE_SIZE });
  const rows = keys.length
    ? await db
        .select({
          request: tradingLimitRequests,
          user: { id: users.id, name: users.name, email: users.email, trading_limit_cents: users.tradingLimitCents },
        })
        .from(tradingLimitRequests)
        .innerJoin(users, eq(users.id, tradingLimitRequests.userId))
        .where(inArray(tradingLimitRequests.id, keys))
    : [];
  const data = inKeyOrder(rows, keys, (r) => r.request.id).map(({ request, user }) => ({
    ...presentLimitRequest(request),
    customer: {
      id: user.id,
      name: user.name,
      email: user.email,
      trading_limit: minorToDecimal(user.trading_limit_cents),
    },
  }));
  return pageAnswer(data, total, ADMIN_PAGE_SIZE);
}

/** Approves (optionally a different limit than asked) or rejects a limit request. Audited. */
export async function reviewLimitRequest(
  deps: AppDeps,
  actor: Actor,
  requestId: number,
  decision: { decision: 'approve'; approvedLimitCents?: number } | { decision: 'reject'; reason: string },
) {
  const result = await withTransaction(deps.database.db, async (tx) => {
    const [request] = await tx
      .select()
      .from(tradingLimitRequests)
      .where(eq(tradingLimitRequests.id, requestId))
      .for('update');
    if (!request) throw notFound();
    if (request.status !== 'pending') throw new AppError('ALREADY_DECIDED', 'Este pedido já foi analisado.');
    const [user] = await tx.select().from(users).where(eq(users.id, request.userId));
    if (decision.decision === 'approve') {
      const limit = decision.approvedLimitCents ?? request.newLimitCents;
      await tx
        .update(tradingLimitRequests)
        .set({ status: 'approved', approvedLimitCents: limit, reviewedBy: actor.userId, reviewedAt: new Date() })
        .where(eq(tradingLimitRequests.id, requestId));
      await tx
        .update(users)
        .set({ tradingLimitCents: limit, updatedAt: new Date() })
        .where(eq(users.id, request.userId));
      // every matcher reads the new limit before the customer's next order: the update moves the market's version
      // (migration 0025's trigger)
      await enqueueEmail(tx, {
        to: user!.email,
        ...limitDecisionMail(user!.name, { approved: true, limit: formatBRL(limit) }),
      });
      await logEvent(tx, request.userId, `Aumento de limite aprovado: novo limite de ${formatBRL(limit)}`);
    } else {
      await tx
        .update(tradingLimitRequests)
        .set({ status: 'rejected', rejectionReason: decision.reason, reviewedBy: actor.userId, reviewedAt: new Date() })
        .where(eq(tradingLimitRequests.id, requestId));
      await enqueueEmail(tx, {
        to: user!.email,
        ...limitDecisionMail(user!.name, { approved: false, reason: decision.reason }),
      });
      await logEvent(tx, request.userId, `Aumento de limite recusado: ${decision.reason}`);
    }
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: decision.decision === 'approve' ? 'trading_limit.approved' : 'trading_limit.rejected',
      targetType: 'trading_limit_request',
      targetId: requestId,
      details:
        decision.decision === 'approve'
          ? { limit_cents: decision.approvedLimitCents ?? request.newLimitCents, customer_id: request.userId }
          : { reason: decision.reason, customer_id: request.userId },
      ip: actor.ip,
    });
    const [updated] = await tx.select().from(tradingLimitRequests).where(eq(tradingLimitRequests.id, requestId));
    return presentLimitRequest(updated!);
  });
  deps.outbox.kick();
  return result;
}

/**
 * An operator blocks a customer's access (compliance: suspected fraud, a stolen account, a court order): every session
 * ends at once on every instance, and neither the password nor a code sent earlier opens the account until an operator
 * lifts the block. Nothing is e-mailed (telling could alert a fraudster: docs/security.md); the customer reads that the
 * access is blocked when signing in. Blocking again keeps the first block. Audited.
 */
export async function blockCustomer(deps: AppDeps, actor: Actor, id: number, reason: string) {
  await withTransaction(deps.database.db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!user || user.staffRoles.length > 0) throw notFound();
    if (user.blockedAt) return;
    await tx
      .update(users)
      .set({ blockedAt: new Date(), blockedReason: reason, blockedBy: actor.userId, updatedAt: new Date() })
      .where(eq(users.id, id));
    await revokeSessions(tx, { userId: id });
    await logEvent(tx, id, 'Acesso à conta bloqueado pela equipe Prata');
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'customer.blocked',
      targetType: 'user',
      targetId: id,
      details: { reason },
      ip: actor.ip,
    });
  });
  return customerDetail(deps, id);
}

/** Lifts an operator's block (the customer signs in again as before). Audited; lifting twice changes nothing. */
export async function unblockCustomer(deps: AppDeps, actor: Actor, id: number) {
  await withTransaction(deps.database.db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!user || user.staffRoles.length > 0) throw notFound();
    if (!user.blockedAt) return;
    await tx
      .update(users)
      .set({ blockedAt: null, blockedReason: null, blockedBy: null, updatedAt: new Date() })
      .where(eq(users.id, id));
    await logEvent(tx, id, 'Acesso à conta desbloqueado pela equipe Prata');
    await writeAudit(tx, {
      actorUserId: actor.userId,
      action: 'customer.unblocked',
      targetType: 'user',
      targetId: id,
      details: { reason: user.blockedReason },
      ip: actor.ip,
    });
  });
  return customerDetail(deps, id);
}
