-- Issue 14: silver transfers between customers, free of charge. The grams move through the ledger (transfer
-- 'silver-transfer:<id>' from the sender's available grams to the receiver's, or to transfer:unclaimed while the
-- receiver has no account; 'silver-transfer:<id>:claim' and ':return' settle an unclaimed one); these rows say why.
-- docs/silver-transfers.md.
create table silver_transfers (
  id bigint generated always as identity primary key,
  sender_id bigint not null references users (id),
  -- null while the e-mail has no account (pending); set when sent to an account, or when claimed
  receiver_id bigint references users (id),
  -- as the sender typed it, lower case
  receiver_email text not null check (length(receiver_email) between 3 and 254),
  -- 11 digits, typed by the sender when the receiver had no account: the claim needs this CPF
  receiver_cpf char(11) check (receiver_cpf ~ '^\d{11}$'),
  quantity_cg bigint not null check (quantity_cg > 0),
  message text check (length(message) <= 40),
  status text not null check (status in ('pending', 'completed', 'cancelled', 'expired')),
  -- printed on the receipt; the back office finds the transfer by it
  check_code char(12) not null unique,
  -- pending: when the grams go back to the sender
  expires_at timestamptz,
  completed_at timestamptz,
  cancelled_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (sender_id <> receiver_id),
  check (status <> 'pending' or (receiver_id is null and receiver_cpf is not null and expires_at is not null)),
  check (status <> 'completed' or (receiver_id is not null and completed_at is not null))
);

create index silver_transfers_sender_idx on silver_transfers (sender_id, id desc);
create index silver_transfers_receiver_idx on silver_transfers (receiver_id, id desc) where receiver_id is not null;
create index silver_transfers_status_idx on silver_transfers (status, id desc);
-- the claim at approval and the expiry sweeper read pending ones only
create index silver_transfers_pending_email_idx on silver_transfers (receiver_email) where status = 'pending';
create index silver_transfers_pending_expiry_idx on silver_transfers (expires_at) where status = 'pending';
