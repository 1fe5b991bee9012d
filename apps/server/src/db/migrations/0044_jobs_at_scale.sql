-- migrate: outside transaction
-- Issue 38: the daily jobs at a decade's size (docs/ledger.md "Reconciliation", docs/reserves.md, docs/decisions.md).
-- This file runs statement by statement outside a transaction (db/migrate.ts): its one index on the ledger is built
-- CONCURRENTLY, so postings go on while it is; every other statement touches a new or small table, or only the
-- catalogue (ADD COLUMN with a constant default). Each statement can run again: an index a failed build left invalid
-- is dropped before it is built.

-- 1. The reconciliation's checkpoint (ledger/reconcile-checkpoint.ts): the sums of each account's transfers up to a
-- horizon id that no transaction can still write below. An incremental run compares every balance with its sums plus
-- the transfers after the horizon, and checks the records those transfers touched; `npm run reconcile -- --full`
-- re-derives everything. A mark (the sequence's value, when, and the oldest transaction then running) becomes the next
-- horizon once every transaction running at the mark has ended.
create table if not exists ledger_reconcile_state (
  id boolean primary key default true check (id),
  horizon_id bigint,
  horizon_at timestamptz,
  mark_id bigint,
  mark_at timestamptz,
  mark_xmax text,
  updated_at timestamptz not null default now()
);
insert into ledger_reconcile_state (id) values (true) on conflict (id) do nothing;
create table if not exists ledger_reconcile_totals (
  account_id bigint primary key,
  debits bigint not null check (debits >= 0),
  credits bigint not null check (credits >= 0)
);
alter table ledger_reconciliations add column if not exists full_run boolean not null default true;

-- The transfers after the horizon, a few pages at the table's end: ids are handed out in insert order, so a block range
-- index (a few kB for 50 million rows, nearly free to keep up) finds them without a B-tree taxing every posting.
drop index concurrently if exists ledger_transfers_id_brin;
create index concurrently ledger_transfers_id_brin on ledger_transfers using brin (id);

-- 2. Proof of reserves. The daily build reads each balance now less the transfers at or after the day's end: those
-- are a few pages at the table's end, found through migration 0041's block range index on created_at
-- (ledger_transfers_created_brin).

-- The leaves of a day are kept for a retention window (features/retention, 'reserve_leaves',
-- default 90 days); an older day keeps its root, totals and bars. The retention pass deletes a day's leaves through
-- the primary key (day, position): no new index.

-- An incremental reconciliation checks the holds its transfers touched, and whether each is another's remainder.
drop index concurrently if exists ledger_holds_remainder_idx;
create index concurrently ledger_holds_remainder_idx on ledger_holds (remainder_hold_id)
  where remainder_hold_id is not null;

insert into retention_rules (key, position, title, erases, legal_basis, period, run_every, batch_size) values
  ('reserve_leaves', 10, 'Folhas individuais da prova de reservas',
   'As folhas de cada cliente na prova de reservas de cada dia (saldo, parte reservada e posição na árvore), após o '
   'período; do dia continuam publicados a raiz, os totais e as barras do cofre.',
   'LGPD art. 15, I e art. 16: a folha serve para o cliente conferir a prova daquele dia; 90 dias bastam para isso, e '
   'a raiz e os totais publicados continuam comprovando o dia. Mantê-las para sempre seriam 600 mil linhas por dia.',
   interval '90 days', interval '1 hour', 10000)
on conflict (key) do nothing;

-- 3. The outbox's claim (messaging/outbox.ts: the pending due, oldest id first, 20 at a time, skip locked). With the
-- pending the newest rows and the sent ones kept 90 days, the planner walked the primary key past every sent message
-- (190,000 rows, 143 ms a batch of 20 at 200,000 messages); through this index it reads the 20 it takes (0.07 ms).
drop index concurrently if exists outbox_pending_id_idx;
create index concurrently outbox_pending_id_idx on outbox_messages (id) where status = 'pending';
