import { type CustomerFilter, formatBRL, MESSAGES, minorToDecimal, onlyDigits } from '@prata/domain';
import type { AppDeps } from '@/deps';
import type { UserRow } from '@/db/rows';
import { withTransaction } from '@/db/tx';
import { logEvent, writeAudit } from '@/lib/audit';
import { AppError, notFound } from '@/lib/errors';
import { pageAnswer } from '@/lib/paging';
import { enqueueEmail } from '@/messaging/outbox';
import { revokeSessions } from '@/plugins/auth';
import { registrationApprovedMail, registrationRejectedMail, limitDecisionMail } from '@/messaging/templates';
import { listBanking } from '@/features/profile/index';
import { listDocuments } from '@/features/profile/index';
import { listLimitRequests, presentLimitRequest } from '@/features/profile/index';
import { claimPendingTransfers } from '@/features/silver-transfers/index';
import { isRegistrationComplete, presentUser, registrationSteps } from '@/features/users/index';
import { countAddresses, findCompanyByUser } from '@/features/users/index';
import {
  type CustomerTerm,
  customerKeys,
  customersWithCompany,
  decideLimitRequest,
  findUser,
  lockLimitRequest,
  lockUser,
  pendingLimitRequests,
  searchCustomerKeys,
  updateUser,
} from './repository';

const ADMIN_PAGE_SIZE = 25;

type Actor = { userId: number; ip: string };

/** Status of a customer as operators see it. */
function reviewStatus(u: UserRow): 'closed' | 'approved' | 'rejected' | 'pending' {
  if (u.closedAt) return 'closed';
  if (u.approvedAt) return 'approved';
  if (u.registrationRejectedAt) return 'rejected';
  return 'pending';
}

/** The shortest part of a name or e-mail, or first digits of a CPF or CNPJ, the search compares (docs/admin.md). */
const SEARCH_MIN_LENGTH = 3;
/**
 * A search's total is exact up to this many customers, then "mais de 100": counting a common surname's customers
 * walks the newest until the cap (about 27,000 rows, 250 ms, for 200 "bastos" among a million), and an operator who
 * gets that many narrows the term instead of paging.
 */
export const SEARCH_TOTAL_CAP = 100;
/** A term of digits and a document's punctuation only is a CPF or a CNPJ, typed with or without its dots and dashes. */
const DOCUMENT_TERM = /^[\d.\-/\s]+$/;

const searchTermTooShort = () => new AppError('SEARCH_TERM_TOO_SHORT', MESSAGES.searchTermTooShort(SEARCH_MIN_LENGTH));

/**
 * What a search term is: digits and a document's punctuation only, the first digits of a CPF or a CNPJ; otherwise part
 * of a name, an e-mail or a razão social. A term shorter than SEARCH_MIN_LENGTH answers SEARCH_TERM_TOO_SHORT: a
 * trigram index cannot narrow one or two letters.
 */
function parseTerm(q: string): CustomerTerm {
  const text = q.trim();
  if (DOCUMENT_TERM.test(text)) {
    const digits = onlyDigits(text);
    if (digits.length < SEARCH_MIN_LENGTH) throw searchTermTooShort();
    return { kind: 'document', digits };
  }
  if ([...text].length < SEARCH_MIN_LENGTH) throw searchTermTooShort();
  return { kind: 'text', text };
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
    ? await searchCustomerKeys(db, parseTerm(q), filter, at, SEARCH_TOTAL_CAP)
    : await customerKeys(db, filter, at);
  const data = (await customersWithCompany(db, keys)).map(({ user, company }) => ({
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
  const u = await findUser(deps.database.db, id);
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
    const user = await lockUser(tx, id);
    if (!user || user.staffRoles.length > 0) throw notFound();
    if (user.closedAt) throw new AppError('CUSTOMER_ACCOUNT_CLOSED', 'A conta está encerrada.');
    if (decision.decision === 'approve') {
      if (user.approvedAt) throw new AppError('ALREADY_DECIDED', 'O cadastro já está aprovado.');
      const steps = registrationSteps(user, await countAddresses(tx, id), await findCompanyByUser(tx, id));
      if (!isRegistrationComplete(user, steps))
        throw new AppError('NOT_READY_FOR_APPROVAL', 'O cadastro ainda está incompleto: não é possível aprová-lo.');
      await updateUser(tx, id, {
        approvedAt: new Date(),
        registrationRejectedAt: null,
        registrationRejectionReason: null,
        registrationReviewedBy: actor.userId,
      });
      await enqueueEmail(tx, { to: user.email, ...registrationApprovedMail(user.name) });
      await logEvent(tx, id, 'Cadastro aprovado');
      // silver sent to this e-mail and CPF before the account existed reaches it now (docs/silver-transfers.md)
      await claimPendingTransfers(tx, user);
    } else {
      await updateUser(tx, id, {
        approvedAt: null,
        registrationRejectedAt: new Date(),
        registrationRejectionReason: decision.reason,
        registrationReviewedBy: actor.userId,
      });
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
  const { found, total } = await pendingLimitRequests(deps.database.db, { page, perPage: ADMIN_PAGE_SIZE });
  const data = found.map(({ request, user }) => ({
    ...presentLimitRequest(request),
    customer: {
      id: user.id,
      name: user.name,
      email: user.email,
      trading_limit: minorToDecimal(user.tradingLimitCents),
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
    const request = await lockLimitRequest(tx, requestId);
    if (!request) throw notFound();
    if (request.status !== 'pending') throw new AppError('ALREADY_DECIDED', 'Este pedido já foi analisado.');
    let updated: Awaited<ReturnType<typeof decideLimitRequest>>;
    const user = await findUser(tx, request.userId);
    if (decision.decision === 'approve') {
      const limitCents = decision.approvedLimitCents ?? request.newLimitCents;
      updated = await decideLimitRequest(tx, requestId, {
        status: 'approved',
        approvedLimitCents: limitCents,
        reviewedBy: actor.userId,
      });
      await updateUser(tx, request.userId, { tradingLimitCents: limitCents });
      // every matcher reads the new limit before the customer's next order: the update moves the market's version
      // (migration 0025's trigger)
      await enqueueEmail(tx, {
        to: user!.email,
        ...limitDecisionMail(user!.name, { approved: true, limit: formatBRL(limitCents) }),
      });
      await logEvent(tx, request.userId, `Aumento de limite aprovado: novo limite de ${formatBRL(limitCents)}`);
    } else {
      updated = await decideLimitRequest(tx, requestId, {
        status: 'rejected',
        rejectionReason: decision.reason,
        reviewedBy: actor.userId,
      });
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
    const user = await lockUser(tx, id);
    if (!user || user.staffRoles.length > 0) throw notFound();
    if (user.blockedAt) return;
    await updateUser(tx, id, { blockedAt: new Date(), blockedReason: reason, blockedBy: actor.userId });
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
    const user = await lockUser(tx, id);
    if (!user || user.staffRoles.length > 0) throw notFound();
    if (!user.blockedAt) return;
    await updateUser(tx, id, { blockedAt: null, blockedReason: null, blockedBy: null });
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
