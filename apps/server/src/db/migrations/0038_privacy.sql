-- Privacy and data (issue 37 part 1; docs/privacy.md): the versioned legal documents (terms of use, privacy policy),
-- each customer's consents as an append-only record, the LGPD requests with their legal deadline (art. 19: 15 days),
-- and the register of processors that receive customers' data.

-- The terms and the privacy policy, each version kept as it was published: a consent names the version it accepted.
create table legal_documents (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('termos', 'privacidade')),
  version text not null check (length(version) between 1 and 40),
  html text not null check (length(html) between 1 and 200000),
  published_at timestamptz not null default now(),
  constraint legal_documents_version_uq unique (kind, version)
);
create index legal_documents_latest_idx on legal_documents (kind, published_at desc, id desc);

-- Every consent given or withdrawn, never edited: the current state of a kind is its latest row.
create table consents (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  kind text not null check (kind in ('termos', 'privacidade', 'marketing')),
  -- the legal document's version for 'termos' and 'privacidade'; none for the marketing opt-in
  version text check (length(version) between 1 and 40),
  granted boolean not null,
  ip text,
  created_at timestamptz not null default now(),
  constraint consents_version_shape check ((kind = 'marketing') = (version is null)),
  -- a document is accepted, never refused: refusing the terms is closing the account
  constraint consents_documents_granted check (kind = 'marketing' or granted)
);
create index consents_user_idx on consents (user_id, kind, id desc);

-- The LGPD requests (art. 18): exports now; erasure, access and correction follow on the same rows. Each is due 15 days
-- after it was made (art. 19); the back office's queue reads them by due_at.
create table privacy_requests (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  kind text not null check (kind in ('export', 'erasure', 'access', 'correction')),
  -- pending: waiting; building: an instance's job is building it (claimed_at); ready: answered, the file can be
  -- downloaded until expires_at; expired: the file was deleted; answered/refused: an operator's answer; failed: the job
  -- gave up after attempts
  status text not null default 'pending'
    check (status in ('pending', 'building', 'ready', 'expired', 'answered', 'refused', 'failed')),
  created_at timestamptz not null default now(),
  due_at timestamptz not null,
  claimed_at timestamptz,
  attempts integer not null default 0 check (attempts >= 0),
  -- the operator who answered; null when the system did (an export built by the job)
  answered_by bigint references users (id),
  answered_at timestamptz,
  -- what the answer was: counts of the export's records, an operator's note, what an erasure kept and until when
  result jsonb not null default '{}',
  last_error text,
  -- the export's ZIP in file storage, its size, the SHA-256 of its e-mailed link's token and when the link expires
  file_key text unique,
  file_size bigint check (file_size >= 0),
  download_token_hash char(64) unique,
  expires_at timestamptz,
  constraint privacy_requests_due_after_created check (due_at > created_at),
  constraint privacy_requests_answered check ((answered_at is null) = (status in ('pending', 'building', 'failed')))
);
create index privacy_requests_user_idx on privacy_requests (user_id, kind, id desc);
-- the back office's queue (oldest due first) and the job's claim of the next export
create index privacy_requests_due_idx on privacy_requests (due_at, id);
create index privacy_requests_open_idx on privacy_requests (due_at, id) where status in ('pending', 'building', 'failed');
-- the files whose links expired, for the job that deletes them
create index privacy_requests_expiring_idx on privacy_requests (expires_at) where status = 'ready';

-- With whom customers' data is shared (LGPD art. 18 VII): operators keep it; the customer's tab lists the active ones.
create table data_processors (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 120),
  -- what the processor does for Prata (payments, invoices, SMS ...)
  service text not null check (length(service) between 1 and 200),
  data_categories text not null check (length(data_categories) between 1 and 1000),
  purpose text not null check (length(purpose) between 1 and 1000),
  legal_basis text not null check (length(legal_basis) between 1 and 300),
  country text not null check (length(country) between 1 and 80),
  active boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index data_processors_name_uq on data_processors (lower(name));

-- A customer's rows whatever their state (the copy of their data, and the erasure that follows, read the deleted ones
-- too): the existing indexes of these tables cover only the rows not deleted or not revoked.
create index addresses_user_all_idx on addresses (user_id, id);
create index documents_user_all_idx on documents (user_id, id);
create index banking_information_user_all_idx on banking_information (user_id, id);
create index sessions_user_all_idx on sessions (user_id, created_at desc);
