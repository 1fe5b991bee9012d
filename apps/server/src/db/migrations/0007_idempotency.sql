-- Issue 8: Idempotency-Key on writes that move money or send a message. One row per (scope, key): the first request's
-- fingerprint and, once answered, its status and body, replayed to any retry with the same key and body. Kept at least
-- IDEMPOTENCY_TTL_SECONDS (24 hours by default); shared by every instance.
create table idempotency_keys (
  scope text not null,
  key text not null,
  request_hash text not null,
  state text not null default 'in_progress' check (state in ('in_progress', 'done')),
  status_code integer,
  response_body text,
  response_type text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (scope, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
