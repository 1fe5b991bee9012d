-- Sessions and devices (issue 37 part 3; docs/security.md "Sessions and devices"): what "Onde estou conectado" shows
-- of each session, and the one-time links that end a session from the new-device e-mail.

-- last_seen_at: written at most once per SESSION_SEEN_SECONDS per session (plugins/auth.ts), never on every request.
-- browser, os, device: parsed from the user agent once, at sign-in (features/devices/device.ts). city: from the
-- optional GeoIP adapter (absent by default: null, shown as "Local desconhecido"). fingerprint: SHA-256 of browser,
-- system, kind of device and the address's network (/24, /48): a sign-in whose fingerprint the user's earlier sessions
-- never had is a new device.
alter table sessions
  add column last_seen_at timestamptz,
  add column browser text,
  add column os text,
  add column device text,
  add column city text,
  add column fingerprint char(64);
update sessions set last_seen_at = created_at where last_seen_at is null;
alter table sessions alter column last_seen_at set default now(), alter column last_seen_at set not null;

-- "is there an earlier session of this user with this fingerprint" answers from an index
create index sessions_user_fingerprint_idx on sessions (user_id, fingerprint);
-- the list of a user's open sessions, newest first, paged by (created_at, id)
create index sessions_user_open_idx on sessions (user_id, created_at desc, id desc) where revoked_at is null;

-- one-time links may name the session they end
alter table one_time_tokens add column session_id uuid references sessions (id);
alter table one_time_tokens drop constraint one_time_tokens_purpose_check;
alter table one_time_tokens add constraint one_time_tokens_purpose_check
  check (purpose in ('email_verification', 'password_reset', 'session_end'));
alter table one_time_tokens add constraint one_time_tokens_session_end_names_session
  check ((purpose = 'session_end') = (session_id is not null));

-- An operator's block (back office, compliance): the customer cannot sign in and every session ends at once; lifted by
-- an operator. Kept on the user row: the sign-in reads it with the password check, every request with the session.
alter table users
  add column blocked_at timestamptz,
  add column blocked_reason text,
  add column blocked_by bigint references users (id);
alter table users add constraint users_block_has_reason
  check ((blocked_at is null) = (blocked_reason is null));
