-- Foundation: customers and operators, companies, addresses, sign-in, sessions, outbox, audit.
create table app_settings (
  key text primary key,
  value text not null,
  updated_at timestamptz not null default now()
);

create table site_content (
  key text primary key,
  html text not null,
  updated_at timestamptz not null default now()
);

create table cities (
  id integer primary key,            -- IBGE 7-digit code
  name text not null,
  state char(2) not null
);

create table coupons (
  id bigint generated always as identity primary key,
  code text not null,
  transaction_fee_bps integer not null check (transaction_fee_bps between 0 and 10000),
  owner_user_id bigint,
  active boolean not null default true,
  created_at timestamptz not null default now()
);
create unique index coupons_code_uq on coupons (upper(code));

create table users (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 255),
  email text not null check (length(email) between 3 and 254),
  password_hash text not null,
  account_type text not null check (account_type in ('individual', 'company')),
  cpf char(11),
  nascimento date,
  celular varchar(11),
  sexo char(1) check (sexo in ('M', 'F', 'N')),
  estado_civil char(1) check (estado_civil in ('S', 'D', 'V', 'C', 'U', 'O')),
  conjuge_nome text,
  conjuge_cpf char(11),
  conjuge_nascimento date,
  politicamente_exposto boolean,
  americano boolean,
  naturalizacao_americana boolean,
  caracteristica_us_person boolean,
  contribuinte_americano boolean,
  fatca_declared_at timestamptz,
  nfe_cpf_response jsonb,
  email_verified_at timestamptz,
  approved_at timestamptz,
  closed_at timestamptz,
  reopen_allowed_until timestamptz,
  hide_balances boolean not null default false,
  trading_limit_cents bigint not null default 5000000 check (trading_limit_cents >= 0),
  staff_roles text[] not null default '{}',
  referred_by_coupon_id bigint references coupons (id),
  password_changed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_email_uq on users (lower(email));
create unique index users_cpf_uq on users (cpf) where cpf is not null;
alter table coupons add constraint coupons_owner_fk foreign key (owner_user_id) references users (id);

create table companies (
  id bigint generated always as identity primary key,
  user_id bigint not null unique references users (id),
  cnpj char(14) not null,
  razao_social text not null,
  nome_fantasia text,
  inscricao_estadual text,
  inscricao_municipal text,
  celular varchar(11) not null,
  email text not null,
  cnae_principal text not null,
  cnaes_secundarios text,
  regime_tributario text not null check (regime_tributario in ('simples', 'presumido', 'real')),
  site text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index companies_cnpj_uq on companies (cnpj);

create table addresses (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  type text not null check (length(type) between 1 and 60),
  cep char(8) not null,
  city_id integer not null references cities (id),
  neighborhood text not null,
  street text not null,
  number text not null,
  unit text,
  other_info text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index addresses_user_idx on addresses (user_id) where deleted_at is null;

-- One-time links (e-mail verification, password reset): only a SHA-256 of the token is kept.
create table one_time_tokens (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  purpose text not null check (purpose in ('email_verification', 'password_reset')),
  token_hash char(64) not null unique,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index one_time_tokens_user_idx on one_time_tokens (user_id, purpose);

-- Six-digit codes (sign-in now; money-moving operations later, bound to what they confirm).
create table verification_codes (
  id bigint generated always as identity primary key,
  user_id bigint references users (id),
  subject text not null,              -- e-mail the code was issued for (visitor flows have no user)
  purpose text not null,
  channel text not null check (channel in ('email', 'sms')),
  code_hash char(64) not null,
  binding_hash char(64),              -- hash of the operation the code confirms (amount, receiver ...)
  attempts integer not null default 0 check (attempts >= 0),
  expires_at timestamptz not null,
  consumed_at timestamptz,
  created_at timestamptz not null default now()
);
create index verification_codes_lookup_idx on verification_codes (subject, purpose, created_at desc);

create table sessions (
  id uuid primary key,
  user_id bigint not null references users (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  ip text,
  user_agent text
);
create index sessions_user_idx on sessions (user_id) where revoked_at is null;

-- Messages are queued in the transaction that causes them and delivered after commit, with retries.
create table outbox_messages (
  id bigint generated always as identity primary key,
  channel text not null check (channel in ('email', 'sms')),
  recipient text not null,
  subject text,
  text_body text not null,
  html_body text,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  last_error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index outbox_pending_idx on outbox_messages (next_attempt_at) where status = 'pending';
create index outbox_recipient_idx on outbox_messages (lower(recipient), created_at desc);

create table audit_log (
  id bigint generated always as identity primary key,
  actor_user_id bigint references users (id),
  action text not null,
  target_type text,
  target_id text,
  details jsonb not null default '{}',
  ip text,
  created_at timestamptz not null default now()
);
create index audit_log_created_idx on audit_log (created_at desc);

-- What the customer can read about their own account (the "Demais eventos" history tab).
create table event_logs (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  description text not null,
  created_at timestamptz not null default now()
);
create index event_logs_user_idx on event_logs (user_id, created_at desc);
