-- The double-entry ledger (docs/ledger.md). Only apps/server/src/ledger writes these tables.
-- Amounts are integers: centavos for BRL, centigrams for AG. A transfer moves a positive amount from a debit account
-- to a credit account in one currency, so per currency the debits of all accounts equal their credits by construction.

create table ledger_accounts (
  id bigint generated always as identity primary key,
  currency text not null check (currency in ('BRL', 'AG')),
  kind text not null check (kind in ('liability', 'asset', 'revenue', 'expense')),
  -- 'customer:42:available:BRL', 'house:held:AG', 'pix:clearing', 'vault', 'revenue:operating-fee', 'rewards:AG' ...
  code text not null check (length(code) between 1 and 100),
  owner_user_id bigint references users (id),
  debits_posted bigint not null default 0 check (debits_posted >= 0),
  credits_posted bigint not null default 0 check (credits_posted >= 0),
  debits_must_not_exceed_credits boolean not null default false,
  credits_must_not_exceed_debits boolean not null default false,
  created_at timestamptz not null default now(),
  constraint ledger_accounts_code_uq unique (code),
  -- lets each transfer's foreign keys require that both of its accounts are in the transfer's currency
  constraint ledger_accounts_id_currency_uq unique (id, currency),
  constraint ledger_accounts_one_flag check (not (debits_must_not_exceed_credits and credits_must_not_exceed_debits)),
  -- Second line of defence behind the guarded UPDATE of the posting code: whatever writes the row, a flagged
  -- account never goes below zero.
  constraint ledger_accounts_debits_within_credits
    check (not debits_must_not_exceed_credits or debits_posted <= credits_posted),
  constraint ledger_accounts_credits_within_debits
    check (not credits_must_not_exceed_debits or credits_posted <= debits_posted),
  -- Customer and house balances are liabilities (what the platform owes) and always carry the flag.
  constraint ledger_accounts_owed_is_flagged_liability check (
    (code not like 'customer:%' and code not like 'house:%') or (kind = 'liability' and debits_must_not_exceed_credits)
  ),
  -- Only customer accounts have an owner, and the owner is the id written in the code.
  constraint ledger_accounts_customer_owner check (
    (code like 'customer:%') = (owner_user_id is not null)
    and (owner_user_id is null or split_part(code, ':', 2) = owner_user_id::text)
  )
);
create index ledger_accounts_owner_idx on ledger_accounts (owner_user_id) where owner_user_id is not null;

create table ledger_transfers (
  id bigint generated always as identity primary key,
  -- The business operation the transfer belongs to ('deposit', 'trade', 'withdrawal' ... and its id) and its step
  -- within that operation: a retried operation cannot post twice.
  operation_type text not null check (length(operation_type) between 1 and 60),
  operation_id text not null check (length(operation_id) between 1 and 100),
  step integer not null check (step >= 1),
  debit_account_id bigint not null,
  credit_account_id bigint not null,
  currency text not null check (currency in ('BRL', 'AG')),
  amount bigint not null check (amount > 0),
  code text not null check (length(code) between 1 and 100),
  created_at timestamptz not null default now(),
  constraint ledger_transfers_operation_uq unique (operation_type, operation_id, step),
  constraint ledger_transfers_distinct_accounts check (debit_account_id <> credit_account_id),
  constraint ledger_transfers_debit_fk foreign key (debit_account_id, currency) references ledger_accounts (id, currency),
  constraint ledger_transfers_credit_fk foreign key (credit_account_id, currency) references ledger_accounts (id, currency)
);
-- Per-account sums (reconciliation) and statements, as index-only scans.
create index ledger_transfers_debit_idx on ledger_transfers (debit_account_id, id) include (amount);
create index ledger_transfers_credit_idx on ledger_transfers (credit_account_id, id) include (amount);

-- Transfers are immutable: a mistake is corrected by another transfer, never by editing history.
create function ledger_transfers_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'ledger_transfers is append-only';
end
$$;
create trigger ledger_transfers_immutable before update or delete on ledger_transfers
  for each statement execute function ledger_transfers_immutable();

-- Raised by the posting statement when a guarded balance update matches no row: it aborts the whole transaction,
-- so a caller that catches the error cannot commit half a posting.
create function ledger_insufficient_funds(account_code text) returns bigint language plpgsql as $$
begin
  raise exception using errcode = 'PR001', message = 'ledger: insufficient funds in ' || account_code;
end
$$;

-- The chart of accounts (LEDGER.md). Customer accounts are opened on their first posting.
insert into ledger_accounts (currency, kind, code, debits_must_not_exceed_credits, credits_must_not_exceed_debits) values
  -- the platform's own trading account: a customer-like liability owned by no user
  ('BRL', 'liability', 'house:available:BRL', true, false),
  ('BRL', 'liability', 'house:held:BRL', true, false),
  ('AG', 'liability', 'house:available:AG', true, false),
  ('AG', 'liability', 'house:held:AG', true, false),
  -- money at the payment provider, received by TED, paid out to customers
  ('BRL', 'asset', 'pix:clearing', false, false),
  ('BRL', 'asset', 'ted:clearing', false, false),
  ('BRL', 'asset', 'payout:clearing', false, false),
  -- physical silver in custody (it cannot go below zero) and silver that left it in bars
  ('AG', 'asset', 'vault', false, true),
  ('AG', 'asset', 'shipped', false, false),
  ('BRL', 'revenue', 'revenue:operating-fee', false, false),
  ('BRL', 'revenue', 'revenue:withdrawal-fee', false, false),
  ('BRL', 'revenue', 'revenue:minting', false, false),
  ('BRL', 'revenue', 'revenue:shipping', false, false),
  ('BRL', 'revenue', 'revenue:insurance', false, false),
  ('BRL', 'liability', 'tax:iof', false, false),
  ('BRL', 'liability', 'tax:icms', false, false),
  ('BRL', 'liability', 'tax:difal', false, false),
  ('BRL', 'liability', 'tax:pis', false, false),
  ('BRL', 'liability', 'tax:cofins', false, false),
  ('BRL', 'expense', 'rewards:BRL', false, false),
  ('AG', 'expense', 'rewards:AG', false, false),
  -- silver sent to an e-mail that has no account yet
  ('AG', 'liability', 'transfer:unclaimed', true, false);
