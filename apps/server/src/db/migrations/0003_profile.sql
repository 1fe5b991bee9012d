-- Registration data: documents, bank details for withdrawals, trading-limit requests, and the operators' review.

alter table users
  add column registration_rejected_at timestamptz,
  add column registration_rejection_reason text,
  add column registration_reviewed_by bigint references users (id);

-- Uploaded files: the bytes live in file storage (DATA_DIR/uploads or S3) under a random key, never in the web root.
create table documents (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  purpose text not null check (purpose in ('profile', 'trading_limit')),
  original_name text not null check (length(original_name) between 1 and 255),
  storage_key text not null unique,
  mime_type text not null check (mime_type in ('application/pdf', 'image/png', 'image/jpeg', 'image/gif', 'image/webp')),
  size_bytes integer not null check (size_bytes between 1 and 5242880),
  sha256 char(64) not null,
  trading_limit_request_id bigint,
  created_at timestamptz not null default now(),
  deleted_at timestamptz
);
create index documents_user_idx on documents (user_id, created_at desc) where deleted_at is null;

-- Where a customer's money goes when withdrawn: their own Pix key or bank account (same holder).
create table banking_information (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  type text not null check (type in ('pix', 'account')),
  key_type text check (key_type in ('cpf', 'cnpj', 'email')),
  key text,
  account_type text check (account_type in ('checking', 'savings')),
  bank_number varchar(3),
  branch_number varchar(10),
  account_number varchar(20),
  created_at timestamptz not null default now(),
  deleted_at timestamptz,
  constraint banking_information_shape check (
    (type = 'pix' and key_type is not null and key is not null and account_type is null and bank_number is null)
    or (type = 'account' and key_type is null and key is null and account_type is not null
        and bank_number is not null and branch_number is not null and account_number is not null)
  )
);
create index banking_information_user_idx on banking_information (user_id) where deleted_at is null;

create table trading_limit_requests (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  new_limit_cents bigint not null check (new_limit_cents > 0),
  net_worth_cents bigint not null check (net_worth_cents >= 0),
  monthly_income_cents bigint not null check (monthly_income_cents >= 0),
  profession text not null,
  company_name text not null,
  company_cnpj char(14) not null,
  other_info text,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  approved_limit_cents bigint check (approved_limit_cents > 0),
  rejection_reason text,
  reviewed_by bigint references users (id),
  reviewed_at timestamptz,
  created_at timestamptz not null default now()
);
create index trading_limit_requests_user_idx on trading_limit_requests (user_id, created_at desc);
create index trading_limit_requests_pending_idx on trading_limit_requests (created_at) where status = 'pending';
-- One request under review at a time per customer.
create unique index trading_limit_requests_one_pending_uq on trading_limit_requests (user_id) where status = 'pending';
alter table documents add constraint documents_request_fk foreign key (trading_limit_request_id) references trading_limit_requests (id);

create index users_name_search_idx on users (lower(name));
