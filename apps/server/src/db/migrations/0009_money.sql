-- Issue 9: money in and out. Deposits (Pix through the payment provider, TED with a receipt an operator checks),
-- the provider's webhook deliveries (each event once), and money withdrawals to the customer's saved bank entries.
-- Balances never live here: every centavo moves through the ledger (ledger_transfers), these rows say why.

create table deposits (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  method text not null check (method in ('pix', 'ted')),
  amount_cents bigint not null check (amount_cents > 0),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'cancelled')),
  rejection_reason text check (rejection_reason is null or length(rejection_reason) between 1 and 500),
  -- Pix: the provider's payment and its BR Code
  asaas_payment_id text unique,
  -- ours, sent to the provider as externalReference
  external_reference text unique,
  pix_copia_e_cola text,
  pix_expires_at timestamptz,
  -- TED: the customer's receipt (checked by content, stored by the storage adapter)
  receipt_storage_key text,
  receipt_name text,
  receipt_mime text,
  receipt_size integer,
  receipt_sha256 char(64),
  credited_at timestamptz,
  reviewed_by bigint references users (id),
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((method = 'pix') = (asaas_payment_id is not null and pix_copia_e_cola is not null)),
  check ((method = 'ted') = (receipt_storage_key is not null)),
  check ((status = 'approved') = (credited_at is not null)),
  check ((status = 'rejected') = (rejection_reason is not null))
);
create index deposits_user_idx on deposits (user_id, id desc);
create index deposits_pending_idx on deposits (status, method, id) where status = 'pending';

-- Every webhook delivery we accepted, once per provider event id: a redelivery finds its row and changes nothing.
-- outcome says what the event did (credited, duplicate, refused ...), for operators and tests.
create table payment_events (
  event_id text primary key,
  provider text not null,
  kind text not null,
  payment_id text,
  transfer_id text,
  outcome text not null,
  detail text,
  body jsonb not null,
  received_at timestamptz not null default now()
);
create index payment_events_payment_idx on payment_events (payment_id) where payment_id is not null;

create table withdrawals (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  banking_information_id bigint not null references banking_information (id),
  -- the bank entry as it was when the customer asked (entries can be deleted later)
  destination jsonb not null,
  amount_cents bigint not null check (amount_cents > 0),
  fee_cents bigint not null check (fee_cents >= 0 and fee_cents < amount_cents),
  instant boolean not null,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  rejection_reason text check (rejection_reason is null or length(rejection_reason) between 1 and 500),
  -- the provider's transfer: sending (asked, no answer yet), pending, done or failed
  payout_status text check (payout_status in ('sending', 'pending', 'done', 'failed')),
  payout_id text unique,
  reviewed_by bigint references users (id),
  reviewed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((status = 'rejected') = (rejection_reason is not null)),
  -- approved: the money left (payout asked); a payout the bank refused turns it rejected, with payout_status failed
  check (status <> 'approved' or payout_status is not null),
  check (status <> 'pending' or payout_status is null)
);
create index withdrawals_user_idx on withdrawals (user_id, id desc);
create index withdrawals_pending_idx on withdrawals (status, id) where status = 'pending';

-- A customer's statement (the back office's extrato) reads the transfers of their accounts.
create index ledger_transfers_debit_idx on ledger_transfers (debit_account_id, created_at desc);
create index ledger_transfers_credit_idx on ledger_transfers (credit_account_id, created_at desc);
