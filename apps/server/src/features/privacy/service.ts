import {
  formatDateTimeBR,
  MESSAGES,
  PRIVACY_EXPORTS_LISTED,
  PRIVACY_QUEUE_PAGE,
  PRIVACY_REQUEST_DUE_DAYS,
  type AdminPrivacyRequestsQuery,
  type AdminPrivacyRequestsResponse,
  type DataProcessorRequest,
  type MarketingConsentResponse,
  type PrivacyExport,
  type PrivacyOverviewResponse,
  type PrivacyPolicyResponse,
} from '@prata/domain';
import type { Executor } from '@/db/client';
import { lockCustomer } from '@/db/lock';
import { int } from '@/db/integers';
import { pgConstraint, withTransaction } from '@/db/tx';
import type { AppDeps } from '@/deps';
import { logEvent, writeAudit } from '@/lib/audit';
import { sha256Hex } from '@/lib/crypto';
import { AppError, invalid, notFound } from '@/lib/errors';
import { sanitizeRichText } from '@/lib/rich-text';
import { PRIVACY_POLICY_HTML, PRIVACY_POLICY_VERSION } from './policy';
import * as repo from './repository';

/** Privacy and data: the customer's calls, the public policy, the back office's (routes.ts). The ZIP is build.ts. */

const presentExport = (r: repo.RequestRow): PrivacyExport => ({
  id: r.id,
  status: r.status,
  created_at: r.createdAt,
  due_at: r.dueAt,
  answered_at: r.answeredAt,
  expires_at: r.status === 'ready' ? r.expiresAt : null,
  size_bytes: r.status === 'ready' ? r.fileSize : null,
});

/** When the customer may ask for another copy: null when now (at most LIMIT_PRIVACY_EXPORT_ACCOUNT a window). */
async function nextExportAt(deps: AppDeps, ex: Executor, userId: number): Promise<Date | null> {
  const rule = deps.config.limits.privacyExportAccount;
  const since = new Date(Date.now() - rule.windowSeconds * 1000);
  const { count, oldest } = await repo.requestsSince(ex, userId, 'export', since);
  return count >= rule.max && oldest ? new Date(oldest.getTime() + rule.windowSeconds * 1000) : null;
}

/** GET /api/privacy: the tab's exports, processors, consents and encarregado. */
export async function overview(deps: AppDeps, userId: number): Promise<PrivacyOverviewResponse> {
  const db = deps.database.db;
  const [exports, next, processors, consents, terms, policy] = await Promise.all([
    repo.listRequests(db, userId, 'export', PRIVACY_EXPORTS_LISTED),
    nextExportAt(deps, db, userId),
    repo.listProcessors(db, true),
    repo.latestConsents(db, userId),
    repo.currentDocument(db, 'termos'),
    repo.currentDocument(db, 'privacidade'),
  ]);
  const of = (kind: repo.ConsentRow['kind']) => consents.find((c) => c.kind === kind);
  const document = (kind: 'termos' | 'privacidade', current: string | undefined) => {
    const c = of(kind);
    return c?.version ? { version: c.version, accepted_at: c.at, current_version: current ?? c.version } : null;
  };
  const marketing = of('marketing');
  return {
    exports: exports.map(presentExport),
    next_export_at: next?.toISOString() ?? null,
    export_link_days: Math.max(1, Math.round(deps.config.windows.privacyExportLinkSeconds / 86_400)),
    processors,
    consents: {
      termos: document('termos', terms?.version),
      privacidade: document('privacidade', policy?.version),
      marketing: { opted_in: marketing?.granted ?? false, changed_at: marketing?.at ?? null },
    },
    dpo: deps.config.dpo,
  };
}

/**
 * POST /api/privacy/exports: a new export request, due in 15 days, built by the job. At most
 * LIMIT_PRIVACY_EXPORT_ACCOUNT in its window, counted under the customer's row lock (429 PRIVACY_EXPORT_TOO_SOON).
 */
export async function requestExport(deps: AppDeps, userId: number, ip: string): Promise<PrivacyExport> {
  const created = await withTransaction(deps.database.db, async (tx) => {
    await lockCustomer(tx, userId);
    const next = await nextExportAt(deps, tx, userId);
    if (next) {
      throw new AppError('PRIVACY_EXPORT_TOO_SOON', MESSAGES.privacyExportTooSoon(formatDateTimeBR(next)), undefined, {
        retry_at: next.toISOString(),
      });
    }
    const r = await repo.insertRequest(tx, userId, 'export', PRIVACY_REQUEST_DUE_DAYS);
    await writeAudit(tx, {
      actorUserId: userId,
      action: 'privacy.export.requested',
      targetType: 'user',
      targetId: userId,
      details: { customer_id: userId, request_id: r.id },
      ip,
    });
    await logEvent(tx, userId, 'Pedido de cópia dos dados');
    return r;
  });
  return presentExport(created);
}

/** The ZIP of one of the customer's ready exports (the tab's button); another customer's answers 404. */
export async function ownExportFile(deps: AppDeps, userId: number, id: number) {
  const r = await repo.findOwnRequest(deps.database.db, userId, id, 'export');
  if (r?.status !== 'ready' || !r.fileKey || !r.expiresAt || Date.parse(r.expiresAt) <= Date.now()) {
    throw notFound(MESSAGES.privacyExportLinkInvalid);
  }
  return fileOf(deps, r, userId, 'privacy.export.downloaded');
}

/** The ZIP the e-mailed link's token opens, while it has not expired; any other token answers 404. */
export async function exportFileByToken(deps: AppDeps, token: string, ip: string) {
  const r = await repo.findByTokenHash(deps.database.db, sha256Hex(token));
  if (!r?.fileKey) throw notFound(MESSAGES.privacyExportLinkInvalid);
  return fileOf(deps, r, null, 'privacy.export.downloaded_by_link', ip);
}

async function fileOf(deps: AppDeps, r: repo.RequestRow, actor: number | null, action: string, ip?: string) {
  const data = await deps.adapters.storage.get(r.fileKey!);
  await writeAudit(deps.database.db, {
    actorUserId: actor,
    action,
    targetType: 'user',
    targetId: r.userId,
    details: { customer_id: r.userId, request_id: r.id },
    ip,
  });
  return { data, filename: `prata-meus-dados-${r.createdAt.slice(0, 10)}-${r.id}.zip` };
}

/** PUT /api/privacy/consents/marketing: the opt-in given or withdrawn, recorded with its time (a new row each). */
export async function setMarketing(
  deps: AppDeps,
  userId: number,
  optedIn: boolean,
  ip: string,
): Promise<MarketingConsentResponse> {
  const saved = await withTransaction(deps.database.db, async (tx) => {
    const c = await repo.insertConsent(tx, { userId, kind: 'marketing', version: null, granted: optedIn, ip });
    await writeAudit(tx, {
      actorUserId: userId,
      action: optedIn ? 'privacy.marketing.granted' : 'privacy.marketing.revoked',
      targetType: 'user',
      targetId: userId,
      details: { customer_id: userId, consent_id: c.id },
      ip,
    });
    return c;
  });
  return {
    opted_in: optedIn,
    changed_at: saved.at,
    message: optedIn ? MESSAGES.marketingOptInSaved : MESSAGES.marketingOptOutSaved,
  };
}

/**
 * The terms' and the privacy policy's current versions accepted, in the registration's transaction (features/auth):
 * the checkbox of the registration form accepts both.
 */
export async function recordRegistrationConsents(tx: Executor, userId: number, ip?: string) {
  for (const kind of ['termos', 'privacidade'] as const) {
    const doc = await repo.currentDocument(tx, kind);
    if (doc) await repo.insertConsent(tx, { userId, kind, version: doc.version, granted: true, ip });
  }
}

/** GET /api/privacidade: the privacy policy's current version and the encarregado. */
export async function privacyPolicy(deps: AppDeps): Promise<PrivacyPolicyResponse> {
  const doc = await repo.currentDocument(deps.database.db, 'privacidade');
  return {
    // sanitized on the way out, as the terms are: only text formatting and links survive
    html: sanitizeRichText(doc?.html ?? PRIVACY_POLICY_HTML, ['h1', 'h2', 'h3', 'h4']),
    version: doc?.version ?? PRIVACY_POLICY_VERSION,
    published_at: doc?.publishedAt ?? new Date(0).toISOString(),
    dpo: deps.config.dpo,
  };
}

// ---- the back office ----

/** GET /api/admin/privacy/requests: the queue, oldest due first, a keyset page after the cursor. */
export async function adminQueue(deps: AppDeps, q: AdminPrivacyRequestsQuery): Promise<AdminPrivacyRequestsResponse> {
  let after: { dueUs: number; id: number } | null = null;
  if (q.cursor) {
    const [dueUs, id] = q.cursor.split('-').map(Number);
    if (!Number.isSafeInteger(dueUs) || !Number.isSafeInteger(id))
      throw invalid('cursor', MESSAGES.privacyCursorInvalid);
    after = { dueUs: dueUs!, id: id! };
  }
  const found = await repo.queuePage(deps.database.db, { open: q.status === 'open', after, limit: PRIVACY_QUEUE_PAGE });
  const page = found.slice(0, PRIVACY_QUEUE_PAGE);
  const last = page[page.length - 1];
  return {
    data: page.map((r) => ({
      id: int(r.id),
      kind: r.kind,
      status: r.status,
      customer: { id: int(r.user_id), name: r.customer_name, email: r.customer_email },
      created_at: r.created_at,
      due_at: r.due_at,
      answered_at: r.answered_at,
      answered_by: r.answered_by ? { id: int(r.answered_by), name: r.answered_by_name ?? '' } : null,
      overdue: r.overdue,
      attempts: r.attempts,
      last_error: r.last_error,
    })),
    next_cursor: found.length > PRIVACY_QUEUE_PAGE && last ? `${last.due_us.padStart(16, '0')}-${last.id}` : null,
  };
}

export const adminProcessors = async (deps: AppDeps) => ({ data: await repo.listProcessors(deps.database.db, false) });

const nameTaken = (err: unknown) => {
  if (pgConstraint(err) === 'data_processors_name_uq')
    throw invalid('name', MESSAGES.processorNameTaken, 'ALREADY_EXISTS');
  throw err;
};

/** POST /api/admin/privacy/processors */
export async function createProcessor(deps: AppDeps, operatorId: number, body: DataProcessorRequest, ip: string) {
  return withTransaction(deps.database.db, async (tx) => {
    const p = await repo.insertProcessor(tx, body);
    await writeAudit(tx, {
      actorUserId: operatorId,
      action: 'privacy.processor.created',
      targetType: 'data_processor',
      targetId: p.id,
      details: body,
      ip,
    });
    return { processor: p, message: MESSAGES.processorSaved };
  }).catch(nameTaken);
}

/** PUT /api/admin/privacy/processors/{id} */
export async function updateProcessor(
  deps: AppDeps,
  operatorId: number,
  id: number,
  body: DataProcessorRequest,
  ip: string,
) {
  return withTransaction(deps.database.db, async (tx) => {
    const before = await repo.findProcessor(tx, id);
    if (!before) throw notFound();
    const p = (await repo.updateProcessor(tx, id, body))!;
    await writeAudit(tx, {
      actorUserId: operatorId,
      action: 'privacy.processor.updated',
      targetType: 'data_processor',
      targetId: id,
      details: { before, after: body },
      ip,
    });
    return { processor: p, message: MESSAGES.processorSaved };
  }).catch(nameTaken);
}
