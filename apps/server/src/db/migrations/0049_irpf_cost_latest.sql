-- The IRPF's running average-cost checkpoint (features/irpf/checkpoints.ts): where each customer's moving weighted
-- average stood after every fill before one instant, carried forward every minute to a few minutes ago (the ledger's
-- grace), so the position and the statement of the month in progress walk only the fills since, whatever the size
-- of the month. irpf_cost_through holds the instant (one row, locked by the run that moves it); irpf_cost_latest one
-- row per customer with a fill before it. Derived rows, like the monthly ones (0041): new, empty tables, no lock on
-- anything in use.
create table if not exists irpf_cost_through (
  id smallint primary key check (id = 1),
  ends_at timestamptz not null,
  built_at timestamptz not null default now()
);
create table if not exists irpf_cost_latest (
  user_id bigint primary key,
  grams bigint not null check (grams >= 0),
  cost_cents bigint not null check (cost_cents >= 0)
);
