-- Passkeys (WebAuthn, issue 37): a customer's credentials, the challenges the server handed out, and the requests to
-- sign in with the e-mail code instead of a lost passkey.

-- One row per registered credential. The credential id is unique over all accounts (an authenticator's credential
-- belongs to one account); a removed passkey is deleted (the audit log keeps that it existed). `counter` is the
-- signature counter last seen: an assertion must move it forward (or both stay 0, as synced passkeys do).
create table passkeys (
  id bigint generated always as identity primary key,
  user_id bigint not null references users(id),
  credential_id text not null,
  public_key text not null, -- COSE public key, base64url
  counter bigint not null default 0,
  transports text[] not null default '{}',
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  constraint passkeys_credential_uq unique (credential_id),
  constraint passkeys_counter_ck check (counter >= 0)
);
create index passkeys_user_idx on passkeys (user_id, id);

-- Every challenge handed to a browser: single use (consumed_at), short-lived (expires_at), for one account and one
-- purpose; `binding_hash` ties a money confirmation to what it confirms (account and amount, receiver and grams).
create table passkey_challenges (
  id bigint generated always as identity primary key,
  user_id bigint not null references users(id),
  purpose text not null,
  challenge text not null,
  binding_hash char(64),
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now(),
  constraint passkey_challenges_challenge_uq unique (challenge)
);
create index passkey_challenges_expiry_idx on passkey_challenges (expires_at);
-- a new challenge clears the account's ones a day past their window (features/passkeys/ceremony.ts)
create index passkey_challenges_user_idx on passkey_challenges (user_id, id);

-- "Perdi minha chave de acesso": the e-mail code may replace the passkey from available_at, once (used_at).
create table passkey_fallbacks (
  id bigint generated always as identity primary key,
  user_id bigint not null references users(id),
  requested_at timestamptz not null default now(),
  available_at timestamptz not null,
  used_at timestamptz
);
create index passkey_fallbacks_user_idx on passkey_fallbacks (user_id, id);
