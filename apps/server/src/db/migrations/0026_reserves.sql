-- Issue 30 item 1: proof of reserves (docs/reserves.md). Each closed day in Brasília gets one row in reserve_days
-- (its Merkle root over customers' silver as of the day's end) and the leaves behind it, kept for every day. The
-- daily job claims a day by inserting its row in the transaction that builds it: a crash rolls the claim back, and a
-- second instance waits on the primary key, then finds the day done.

-- One random salt per customer, shown only to that customer: a leaf cannot be matched to a balance without it.
create table reserve_salts (
  user_id bigint primary key references users(id),
  salt text not null check (salt ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);

-- The vault's bars, entered by logistics with the auditor's PDF (through the storage port). Removed bars stay, marked.
create table reserve_bars (
  id bigint generated always as identity primary key,
  serial text not null check (length(serial) between 1 and 80),
  refiner text not null check (length(refiner) between 1 and 80),
  weight_cg bigint not null check (weight_cg > 0),
  document_storage_key text not null,
  document_name text not null,
  document_size integer not null,
  document_sha256 text not null,
  created_by bigint not null references users(id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  removed_at timestamptz
);
-- a serial is listed once among the bars in the vault (a removed bar's serial may come back)
create unique index reserve_bars_serial_uq on reserve_bars (lower(serial)) where removed_at is null;

create table reserve_days (
  day date primary key,
  ends_at timestamptz not null,
  root text not null check (root ~ '^[0-9a-f]{64}$'),
  customer_count integer not null check (customer_count >= 0),
  customers_cg bigint not null check (customers_cg >= 0),
  unclaimed_cg bigint not null check (unclaimed_cg >= 0),
  bars_cg bigint not null check (bars_cg >= 0),
  -- the bars listed when the day was built: [{ id, serial, refiner, weightCg }]
  bars jsonb not null default '[]',
  built_at timestamptz not null default now(),
  built_by bigint references users(id),
  source text not null check (source in ('daily', 'operator')),
  builds integer not null default 1
);

create table reserve_leaves (
  day date not null references reserve_days(day) on delete cascade,
  position integer not null check (position >= 0),
  user_id bigint not null references users(id),
  centigrams bigint not null check (centigrams >= 0),
  leaf text not null,
  primary key (day, position)
);
create unique index reserve_leaves_user_uq on reserve_leaves (user_id, day);
