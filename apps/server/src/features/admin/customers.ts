import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { formatBRL, onlyDigits, minorToDecimal } from '@prata/domain';
import type { AppDeps } from '../../deps';
import { companies, tradingLimitRequests, users, type UserRow } from '../../db/schema/index';
import { withTransaction } from '../../db/tx';
import { logEvent, writeAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { enqueueEmail } from '../../messaging/outbox';
import { registrationApprovedMail, registrationRejectedMail, limitDecisionMail } from '../../messaging/templates';
import { listBanking } from '../profile/index';
import { listDocuments } from '../profile/index';
import { listLimitRequests, presentLimitRequest } from '../profile/index';
import { claimPendingTransfers } from '../silver-transfers/index';
import { isRegistrationComplete, presentUser, registrationSteps } from '../users/index';
import { countAddresses, findCompanyByUser } from '../users/index';

export const ADMIN_PAGE_SIZE = 25;
export type CustomerFilter = 'all' | 'pending' | 'approved' | 'rejected' | 'closed';

type Actor = { userId: number; ip: string };

/** Status of a customer as operators see it. */
export function reviewStatus(u: UserRow): 'closed' | 'approved' | 'rejected' | 'pending' {
  if (u.closedAt) return 'closed';
  if (u.approvedAt) return 'approved';
  if (u.registrationRejectedAt) return 'rejected';
  return 'pending';
}

/** Search by name, e-mail, CPF or CNPJ; filter by review status. Operators (staff) are not customers. */
export async function searchCustomers(deps: AppDeps, q: string, filter: CustomerFilter, page: number) {
  const db = deps.database.db;
  const text = q.trim();
  const digits = onlyDigits(text);
  const conditions: SQL[] = [sql`cardinality(${users.staffRoles}) = 0`];
  if (text) {
    const like = `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    const match = [ilike(users.name, like), ilike(users.email, like), ilike(companies.razaoSocial, like)];
    if (digits.length >= 3) match.push(ilike(users.cpf, `%${digits}%`), ilike(companies.cnpj, `%${digits}%`));
    conditions.push(or(...match)!);
  }
  if (filter === 'pending')
    conditions.push(isNull(users.approvedAt), isNull(users.registrationRejectedAt), isNull(users.closedAt));
  if (filter === 'approved') conditions.push(isNotNull(users.approvedAt), isNull(users.closedAt));
  if (filter === 'rejected') conditions.push(isNotNull(users.registrationRejectedAt), isNull(users.approvedAt));
  if (filter === 'closed') conditions.push(isNotNull(users.closedAt));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, company: { razaoSocial: companies.razaoSocial, cnpj: companies.cnpj } })
      .from(users)
      .leftJoin(companies, eq(companies.userId, users.id))
      .where(where)
      .orderBy(desc(users.id))
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(users).leftJoin(companies, eq(companies.userId, users.id)).where(where),
  ]);
  return {
    data: rows.map(({ user, company }) => ({
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
    })),
    total: Number(total?.n ?? 0),
    per_page: ADMIN_PAGE_SIZE,
  };
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

export async function listPendingLimitRequests(deps: AppDeps, page: number) {
  const db = deps.database.db;
  const where = eq(tradingLimitRequests.status, 'pending');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        request: tradingLimitRequests,
        user: { id: users.id, name: users.name, email: users.email, trading_limit_cents: users.tradingLimitCents },
      })
      .from(tradingLimitRequests)
      .innerJoin(users, eq(users.id, tradingLimitRequests.userId))
      .where(where)
      .orderBy(tradingLimitRequests.id)
      .limit(ADMIN_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PAGE_SIZE),
    db.select({ n: count() }).from(tradingLimitRequests).where(where),
  ]);
  return {
    data: rows.map(({ request, user }) => ({
      ...presentLimitRequest(request),
      customer: {
        id: user.id,
        name: user.name,
        email: user.email,
        trading_limit: minorToDecimal(user.trading_limit_cents),
      },
    })),
    total: Number(total?.n ?? 0),
    per_page: ADMIN_PAGE_SIZE,
  };
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
