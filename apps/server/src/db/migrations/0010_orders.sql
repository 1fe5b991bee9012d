-- Issue 10: the order book (docs/orders.md). Orders rest here; the matcher (features/orders/engine.ts) applies
-- placements, takes and cancels one batch at a time under one advisory lock, so any number of instances match against
-- one PostgreSQL. Balances never live here: holds and fills move through the ledger, these rows say why.

-- The market's rates, one row, edited by operators; each order keeps the rates it was placed with.
create table market_settings (
  id smallint primary key default 1 check (id = 1),
  fee_rate_bps integer not null default 50 check (fee_rate_bps between 0 and 10000),
  iof_rate_bps integer not null default 38 check (iof_rate_bps between 0 and 10000),
  minimum_fee_cents bigint not null default 500 check (minimum_fee_cents between 0 and 100000),
  updated_by bigint references users (id),
  updated_at timestamptz not null default now()
);
insert into market_settings default values;

-- The matcher's counters: version changes with every batch that touched the book (an instance whose copy of the book
-- is older reloads it), and the last ids handed out (order ids are the book's time priority).
create table market_state (
  id smallint primary key default 1 check (id = 1),
  version bigint not null default 0,
  last_order_id bigint not null default 0,
  last_trade_id bigint not null default 0
);
insert into market_state default values;

create table orders (
  id bigint primary key,
  -- null: the house (the platform's own market-making account)
  user_id bigint references users (id),
  side text not null check (side in ('buy', 'sell')),
  mode text not null check (mode in ('limit', 'market')),
  status text not null check (status in ('open', 'filled', 'cancelled')),
  -- centavos per gram; null for a market order
  price_cents bigint check (price_cents > 0),
  -- centigrams: asked, still open, traded
  quantity_cg bigint not null check (quantity_cg > 0),
  remaining_cg bigint not null check (remaining_cg >= 0),
  filled_cg bigint not null default 0 check (filled_cg >= 0),
  -- Σ price × centigrams of the fills (exact), and what the ledger charged: value (rounded once), fee, IOF
  exact bigint not null default 0 check (exact >= 0),
  value_cents bigint not null default 0 check (value_cents >= 0),
  fee_cents bigint not null default 0 check (fee_cents >= 0),
  iof_cents bigint not null default 0 check (iof_cents >= 0),
  -- the rates the order was placed with
  fee_rate_bps integer not null,
  iof_rate_bps integer not null,
  minimum_fee_cents bigint not null,
  -- what the order reserved when placed: a buy's centavos (the summary's total), a sell's centigrams
  hold_amount bigint not null check (hold_amount > 0),
  -- the current hold is 'order:<id>:<hold_seq>' (each partial fill keeps the rest under the next number)
  hold_seq integer not null default 0,
  -- the summary the customer confirmed (a buy's most to pay, a sell's least to receive)
  expected_total_cents bigint,
  -- the resting order this one took from the table, if it did
  took_order_id bigint references orders (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz,
  check (filled_cg + remaining_cg <= quantity_cg),
  check ((mode = 'market') = (price_cents is null)),
  check ((status = 'open') = (remaining_cg > 0 and deleted_at is null)),
  check ((status = 'cancelled') = (deleted_at is not null)),
  check (status <> 'filled' or filled_cg = quantity_cg),
  check (mode = 'limit' or status <> 'open')
);
create index orders_open_idx on orders (side, price_cents, id) where status = 'open';
create index orders_user_idx on orders (user_id, id desc);
create index orders_user_completed_idx on orders (user_id, updated_at desc, id desc)
  where status <> 'open' and filled_cg > 0;
create index orders_user_cancelled_idx on orders (user_id, deleted_at desc, id desc) where status = 'cancelled';
create index orders_house_idx on orders (id desc) where user_id is null;

create table trades (
  id bigint primary key,
  maker_order_id bigint not null references orders (id),
  taker_order_id bigint not null references orders (id),
  taker_side text not null check (taker_side in ('buy', 'sell')),
  -- centavos per gram (the maker's price) and centigrams
  price_cents bigint not null check (price_cents > 0),
  quantity_cg bigint not null check (quantity_cg > 0),
  -- what each side's order was charged for this fill (the value is each order's share of its once-rounded total)
  buyer_value_cents bigint not null check (buyer_value_cents >= 0),
  seller_value_cents bigint not null check (seller_value_cents >= 0),
  buyer_fee_cents bigint not null check (buyer_fee_cents >= 0),
  buyer_iof_cents bigint not null check (buyer_iof_cents >= 0),
  seller_fee_cents bigint not null check (seller_fee_cents >= 0),
  seller_iof_cents bigint not null check (seller_iof_cents >= 0),
  created_at timestamptz not null default now()
);
create index trades_created_idx on trades (created_at);
create index trades_maker_idx on trades (maker_order_id);
create index trades_taker_idx on trades (taker_order_id);

-- What each customer traded per calendar year (Brasília), for the annual trading limit.
create table trading_usage (
  user_id bigint not null references users (id),
  year integer not null,
  traded_cents bigint not null default 0 check (traded_cents >= 0),
  primary key (user_id, year)
);

-- Each order's value is rounded once (docs/orders.md): a buyer may pay a centavo more or less than the seller receives
-- for one fill; the difference goes to (or comes from) this account.
insert into ledger_accounts (currency, kind, code, debits_must_not_exceed_credits, credits_must_not_exceed_debits)
  values ('BRL', 'revenue', 'rounding', false, false);
