-- migrate: outside transaction
-- Issue 38: statements, their PDF and the IRPF flat at any history (docs/statements.md, docs/decisions.md).
-- This file runs statement by statement outside a transaction (db/migrate.ts): its indexes are built CONCURRENTLY,
-- so the ledger keeps taking transfers while they are (a plain CREATE INDEX would block every posting for the whole
-- build, minutes at 1M customers). Each statement is idempotent: a run cut in the middle is run again whole.

-- 1. A customer's month of one account is one index range, in posting order (created_at, id), with the amount and
-- the other account in the index: the statement picks its first 5,001 lines from a merge of four such ranges without
-- reading the table (a transfer between the customer's own accounts, a hold, is skipped in the index), and a month's
-- sums are index-only. They replace the (account, created_at desc) indexes of 0009, which they serve too
-- (backwards), so a transfer writes as many index entries as before.
drop index concurrently if exists ledger_transfers_credit_time_idx;
create index concurrently ledger_transfers_credit_time_idx
  on ledger_transfers (credit_account_id, created_at, id) include (amount, debit_account_id);
drop index concurrently if exists ledger_transfers_debit_time_idx;
create index concurrently ledger_transfers_debit_time_idx
  on ledger_transfers (debit_account_id, created_at, id) include (amount, credit_account_id);
drop index concurrently if exists ledger_transfers_credit_idx;
drop index concurrently if exists ledger_transfers_debit_idx;
-- The monthly checkpoint job reads one month of transfers: a block range index, a few pages for the whole table
-- (transfers arrive in time order), so no B-tree on created_at taxes every posting.
drop index concurrently if exists ledger_transfers_created_brin;
create index concurrently ledger_transfers_created_brin on ledger_transfers using brin (created_at);

-- 2. Monthly checkpoints (ledger/checkpoints.ts). For each closed Brasília month, a row per account that moved in it:
-- the sums of the account's debits and credits over every transfer before the month's end (`ends_at`, exclusive). A
-- balance as of an instant is the latest checkpoint at or before it plus the transfers between them: the history
-- before the checkpoint is never read again. The rows are derived: deleting them all only slows reads down.
create table if not exists ledger_account_months (
  account_id bigint not null,
  ends_at timestamptz not null,
  debits bigint not null check (debits >= 0),
  credits bigint not null check (credits >= 0),
  primary key (account_id, ends_at)
);
-- One row per month built (or being built: the row is the claim, inserted in the build's transaction, so one
-- instance builds a month and the others find it there).
create table if not exists ledger_checkpoint_months (
  ends_at timestamptz primary key,
  accounts integer not null default 0 check (accounts >= 0),
  built_at timestamptz not null default now()
);

-- 3. The IRPF's average cost as of each closed month's end (features/irpf/checkpoints.ts): the moving weighted
-- average walks a customer's fills in order, so a row holds where the walk stood (grams and their cost) after every
-- fill before `ends_at`, for each customer who had a fill in that month. The average as of an instant is the latest
-- row at or before it, walked on through the fills since. Derived rows, like the ledger's.
create table if not exists irpf_cost_months (
  user_id bigint not null,
  ends_at timestamptz not null,
  grams bigint not null check (grams >= 0),
  cost_cents bigint not null check (cost_cents >= 0),
  primary key (user_id, ends_at)
);
create table if not exists irpf_checkpoint_months (
  ends_at timestamptz primary key,
  users integer not null default 0 check (users >= 0),
  built_at timestamptz not null default now()
);
