import type { DataProcessor, DataProcessorRequest, PrivacyRequestKind, PrivacyRequestStatus } from '@prata/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { rows } from '@/db/sql';
import { int } from '@/db/integers';

// The SQL of privacy and data (migration 0038). Explicit columns; bigints come back as text, instants as ISO text.

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type RequestRow = {
  id: number;
  userId: number;
  kind: PrivacyRequestKind;
  status: PrivacyRequestStatus;
  createdAt: string;
  dueAt: string;
  answeredAt: string | null;
  expiresAt: string | null;
  fileKey: string | null;
  fileSize: number | null;
  attempts: number;
};

type RawRequest = {
  id: string;
  user_id: string;
  kind: PrivacyRequestKind;
  status: PrivacyRequestStatus;
  created_at: string;
  due_at: string;
  answered_at: string | null;
  expires_at: string | null;
  file_key: string | null;
  file_size: string | null;
  attempts: number;
};

const REQUEST_COLUMNS = sql`id::text as id, user_id::text as user_id, kind, status,
  ${iso('created_at')} as created_at, ${iso('due_at')} as due_at, ${iso('answered_at')} as answered_at,
  ${iso('expires_at')} as expires_at, file_key, file_size::text as file_size, attempts`;

const toRequest = (r: RawRequest): RequestRow => ({
  id: int(r.id),
  userId: int(r.user_id),
  kind: r.kind,
  status: r.status,
  createdAt: r.created_at,
  dueAt: r.due_at,
  answeredAt: r.answered_at,
  expiresAt: r.expires_at,
  fileKey: r.file_key,
  fileSize: r.file_size === null ? null : int(r.file_size),
  attempts: r.attempts,
});

/** The customer's newest requests of a kind (privacy_requests_user_idx). */
export async function listRequests(ex: Executor, userId: number, kind: PrivacyRequestKind, limit: number) {
  const found = await rows<RawRequest>(
    ex,
    sql`select ${REQUEST_COLUMNS} from privacy_requests where user_id = ${userId} and kind = ${kind}
         order by id desc limit ${limit}`,
  );
  return found.map(toRequest);
}

/** One request of the customer's, or none (another customer's answers none). */
export async function findOwnRequest(ex: Executor, userId: number, id: number, kind: PrivacyRequestKind) {
  const [r] = await rows<RawRequest>(
    ex,
    sql`select ${REQUEST_COLUMNS} from privacy_requests where id = ${id} and user_id = ${userId} and kind = ${kind}`,
  );
  return r ? toRequest(r) : undefined;
}

/** How many requests of a kind the customer made since `since`, and when the oldest of them was made. */
export async function requestsSince(ex: Executor, userId: number, kind: PrivacyRequestKind, since: Date) {
  const [r] = await rows<{ n: number; oldest: string | null }>(
    ex,
    sql`select count(*)::int as n, ${iso('min(created_at)')} as oldest from privacy_requests
         where user_id = ${userId} and kind = ${kind} and created_at > ${since.toISOString()}::timestamptz`,
  );
  return { count: r?.n ?? 0, oldest: r?.oldest ? new Date(r.oldest) : null };
}

export async function insertRequest(ex: Executor, userId: number, kind: PrivacyRequestKind, dueDays: number) {
  const [r] = await rows<RawRequest>(
    ex,
    sql`insert into privacy_requests (user_id, kind, due_at)
        values (${userId}, ${kind}, now() + make_interval(days => ${dueDays}))
        returning ${REQUEST_COLUMNS}`,
  );
  return toRequest(r!);
}

/** The ready export whose e-mailed link carries this token's hash, while it has not expired. */
export async function findByTokenHash(ex: Executor, tokenHash: string) {
  const [r] = await rows<RawRequest>(
    ex,
    sql`select ${REQUEST_COLUMNS} from privacy_requests
         where download_token_hash = ${tokenHash} and status = 'ready' and expires_at > now()`,
  );
  return r ? toRequest(r) : undefined;
}

/**
 * Claims the next export to build, oldest due first: a pending one, a failed one due for another try, or one an
 * instance claimed and never finished (it died: the claim is older than `staleSeconds`). SKIP LOCKED: two instances
 * never claim the same one; the claim commits at once, so a crash mid-build leaves a stale claim, taken again later.
 */
export async function claimNextExport(ex: Executor, staleSeconds: number, maxAttempts: number) {
  const [r] = await rows<RawRequest>(
    ex,
    sql`update privacy_requests set status = 'building', claimed_at = now(), attempts = attempts + 1
         where id = (
           select id from privacy_requests
            where kind = 'export' and status in ('pending', 'building', 'failed') and attempts < ${maxAttempts}
              and (status = 'pending'
                   or (status = 'building' and claimed_at < now() - make_interval(secs => ${staleSeconds}))
                   or (status = 'failed' and claimed_at < now() - make_interval(secs => ${staleSeconds})))
            order by due_at, id
            limit 1
            for update skip locked)
        returning ${REQUEST_COLUMNS}`,
  );
  return r ? toRequest(r) : undefined;
}

/** The build finished: the file, its link's token hash and expiry, what it holds. Only the claim's holder answers. */
export async function markReady(
  ex: Executor,
  id: number,
  v: { fileKey: string; fileSize: number; tokenHash: string; linkSeconds: number; result: object },
) {
  const [r] = await rows<RawRequest>(
    ex,
    sql`update privacy_requests
           set status = 'ready', answered_at = now(), file_key = ${v.fileKey}, file_size = ${v.fileSize},
               download_token_hash = ${v.tokenHash}, expires_at = now() + make_interval(secs => ${v.linkSeconds}),
               result = ${JSON.stringify(v.result)}::jsonb, last_error = null
         where id = ${id} and status = 'building'
        returning ${REQUEST_COLUMNS}`,
  );
  return r ? toRequest(r) : undefined;
}

export async function markFailed(ex: Executor, id: number, error: string) {
  await ex.execute(
    sql`update privacy_requests set status = 'failed', last_error = ${error.slice(0, 1000)}
         where id = ${id} and status = 'building'`,
  );
}

/** Ready exports whose link expired, a few at a time (privacy_requests_expiring_idx). */
export async function expiredExports(ex: Executor, limit: number) {
  const found = await rows<RawRequest>(
    ex,
    sql`select ${REQUEST_COLUMNS} from privacy_requests where status = 'ready' and expires_at <= now()
         order by expires_at limit ${limit}`,
  );
  return found.map(toRequest);
}

export async function markExpired(ex: Executor, id: number) {
  await ex.execute(
    sql`update privacy_requests set status = 'expired', download_token_hash = null, file_key = null
         where id = ${id} and status = 'ready'`,
  );
}

// ---- the back office's queue ----

export type QueueRow = {
  id: string;
  kind: PrivacyRequestKind;
  status: PrivacyRequestStatus;
  user_id: string;
  customer_name: string;
  customer_email: string;
  created_at: string;
  due_at: string;
  due_us: string;
  answered_at: string | null;
  answered_by: string | null;
  answered_by_name: string | null;
  overdue: boolean;
  attempts: number;
  last_error: string | null;
};

/**
 * A page of the queue, oldest due first, after the cursor (due instant in µs, id): the open requests through
 * privacy_requests_open_idx, or every request through privacy_requests_due_idx. One more row than asked says there is
 * a next page.
 */
export async function queuePage(
  ex: Executor,
  opts: { open: boolean; after: { dueUs: number; id: number } | null; limit: number },
) {
  const after = opts.after
    ? // exact to the microsecond, as PostgreSQL keeps it: an integer below 2^53 times an interval loses nothing, where a
      // cursor in milliseconds skipped a row due within the same millisecond as the page's last
      sql`and (r.due_at, r.id) > (timestamptz 'epoch' + ${opts.after.dueUs}::bigint * interval '1 microsecond', ${opts.after.id})`
    : sql``;
  const open = opts.open ? sql`and r.status in ('pending', 'building', 'failed')` : sql``;
  return rows<QueueRow>(
    ex,
    sql`select r.id::text as id, r.kind, r.status, r.user_id::text as user_id, u.name as customer_name,
               u.email as customer_email, ${iso('r.created_at')} as created_at, ${iso('r.due_at')} as due_at,
               (extract(epoch from r.due_at) * 1000000)::bigint::text as due_us,
               ${iso('r.answered_at')} as answered_at, r.answered_by::text as answered_by, o.name as answered_by_name,
               (r.answered_at is null and r.due_at < now()) as overdue, r.attempts, r.last_error
          from privacy_requests r
          join users u on u.id = r.user_id
          left join users o on o.id = r.answered_by
         where true ${open} ${after}
         order by r.due_at, r.id
         limit ${opts.limit + 1}`,
  );
}

// ---- consents and legal documents ----

type LegalDocument = { kind: 'termos' | 'privacidade'; version: string; html: string; publishedAt: string };

/** The latest published version of a legal document (legal_documents_latest_idx). */
export async function currentDocument(ex: Executor, kind: 'termos' | 'privacidade') {
  const [r] = await rows<{ version: string; html: string; published_at: string }>(
    ex,
    sql`select version, html, ${iso('published_at')} as published_at from legal_documents where kind = ${kind}
         order by published_at desc, id desc limit 1`,
  );
  return r ? ({ kind, version: r.version, html: r.html, publishedAt: r.published_at } as LegalDocument) : undefined;
}

export type ConsentRow = {
  kind: 'termos' | 'privacidade' | 'marketing';
  version: string | null;
  granted: boolean;
  at: string;
};

/** The latest consent of each kind (consents_user_idx: one short index read per kind). */
export async function latestConsents(ex: Executor, userId: number): Promise<ConsentRow[]> {
  return rows<ConsentRow>(
    ex,
    sql`select k.kind, c.version, c.granted, ${iso('c.created_at')} as at
          from (values ('termos'), ('privacidade'), ('marketing')) as k (kind)
          cross join lateral (
            select version, granted, created_at from consents
             where user_id = ${userId} and kind = k.kind order by id desc limit 1) c`,
  );
}

export async function insertConsent(
  ex: Executor,
  c: {
    userId: number;
    kind: 'termos' | 'privacidade' | 'marketing';
    version: string | null;
    granted: boolean;
    ip?: string;
  },
) {
  const [r] = await rows<{ id: string; at: string }>(
    ex,
    sql`insert into consents (user_id, kind, version, granted, ip)
        values (${c.userId}, ${c.kind}, ${c.version}, ${c.granted}, ${c.ip ?? null})
        returning id::text as id, ${iso('created_at')} as at`,
  );
  return { id: int(r!.id), at: r!.at };
}

// ---- processors ----

type RawProcessor = Omit<DataProcessor, 'id'> & { id: string };

const PROCESSOR_COLUMNS = sql`id::text as id, name, service, data_categories, purpose, legal_basis, country, active,
  ${iso('updated_at')} as updated_at`;

const toProcessor = (r: RawProcessor): DataProcessor => ({ ...r, id: int(r.id) });

/** The register, by name (a few dozen rows at most: operators write them by hand). */
export async function listProcessors(ex: Executor, onlyActive: boolean): Promise<DataProcessor[]> {
  const found = await rows<RawProcessor>(
    ex,
    sql`select ${PROCESSOR_COLUMNS} from data_processors ${onlyActive ? sql`where active` : sql``}
         order by lower(name), id limit 200`,
  );
  return found.map(toProcessor);
}

export async function findProcessor(ex: Executor, id: number) {
  const [r] = await rows<RawProcessor>(ex, sql`select ${PROCESSOR_COLUMNS} from data_processors where id = ${id}`);
  return r ? toProcessor(r) : undefined;
}

export async function insertProcessor(ex: Executor, p: DataProcessorRequest) {
  const [r] = await rows<RawProcessor>(
    ex,
    sql`insert into data_processors (name, service, data_categories, purpose, legal_basis, country, active)
        values (${p.name}, ${p.service}, ${p.data_categories}, ${p.purpose}, ${p.legal_basis}, ${p.country}, ${p.active})
        returning ${PROCESSOR_COLUMNS}`,
  );
  return toProcessor(r!);
}

export async function updateProcessor(ex: Executor, id: number, p: DataProcessorRequest) {
  const [r] = await rows<RawProcessor>(
    ex,
    sql`update data_processors set name = ${p.name}, service = ${p.service}, data_categories = ${p.data_categories},
               purpose = ${p.purpose}, legal_basis = ${p.legal_basis}, country = ${p.country}, active = ${p.active},
               updated_at = now()
         where id = ${id}
        returning ${PROCESSOR_COLUMNS}`,
  );
  return r ? toProcessor(r) : undefined;
}

/** Writes these versions of the terms and the privacy policy; a version already kept stays as it is. */
export async function insertLegalDocumentVersions(
  db: Executor,
  docs: { termsVersion: string; termsHtml: string; policyVersion: string; policyHtml: string },
): Promise<void> {
  await db.execute(sql`insert into legal_documents (kind, version, html)
    values ('termos', ${docs.termsVersion}, ${docs.termsHtml}), ('privacidade', ${docs.policyVersion}, ${docs.policyHtml})
    on conflict (kind, version) do nothing`);
}

/** Whether the processors' register has any entry. */
export async function anyDataProcessor(db: Executor): Promise<boolean> {
  const [any] = await rows<{ id: string }>(db, sql`select id::text as id from data_processors limit 1`);
  return any !== undefined;
}

export async function insertDataProcessor(
  db: Executor,
  p: { name: string; service: string; data_categories: string; purpose: string; legal_basis: string; country: string },
): Promise<void> {
  await db.execute(sql`insert into data_processors (name, service, data_categories, purpose, legal_basis, country)
      values (${p.name}, ${p.service}, ${p.data_categories}, ${p.purpose}, ${p.legal_basis}, ${p.country})
      on conflict do nothing`);
}

/** The two demo customers (when they exist) with how many consents each has. */
export function demoCustomersConsentCounts(db: Executor) {
  return rows<{ id: string; email: string; consents: number }>(
    db,
    sql`select u.id::text as id, lower(u.email) as email,
               (select count(*)::int from consents c where c.user_id = u.id) as consents
          from users u where lower(u.email) in ('cliente@prata.dev', 'empresa@prata.dev')`,
  );
}
