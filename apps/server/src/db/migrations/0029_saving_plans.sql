-- Issue 30 item 2: automatic saving. A plan buys silver with a fixed amount of reais every week or month, paid from
-- the balance or by Pix Automático (an authorisation at the payment provider, its charges arriving as deposits).
-- Each run is one row claimed by (plan, period): two instances that both find a plan due insert the same key and
-- only one wins, so a period runs once. docs/saving-plans.md.
create table saving_plans (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  amount_cents bigint not null check (amount_cents > 0),
  frequency text not null check (frequency in ('weekly', 'monthly')),
  -- weekly: 0 (Sunday) to 6 (Saturday); monthly: 1 to 28 (every month has it)
  weekday smallint check (weekday between 0 and 6),
  month_day smallint check (month_day between 1 and 28),
  -- Brasília dates
  start_date date not null,
  end_date date,
  payment_method text not null check (payment_method in ('balance', 'pix_automatico')),
  status text not null check (status in ('awaiting_authorization', 'active', 'paused', 'cancelled', 'ended')),
  -- Pix Automático: the provider's authorisation and its composite code (the first charge)
  authorization_id text,
  authorization_code text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check ((frequency = 'weekly') = (weekday is not null)),
  check ((frequency = 'monthly') = (month_day is not null)),
  check (end_date is null or end_date >= start_date),
  check (payment_method = 'balance' or authorization_id is not null or status = 'cancelled')
);

create index saving_plans_user_idx on saving_plans (user_id, id desc);
create index saving_plans_live_idx on saving_plans (id) where status in ('active', 'awaiting_authorization');

create table saving_runs (
  id bigint generated always as identity primary key,
  plan_id bigint not null references saving_plans (id),
  -- the Brasília date the run belongs to (its due date; the first Pix Automático charge: the plan's start date)
  period date not null,
  -- awaiting_payment: the Pix Automático charge is out; due: the money is there, the buy not yet placed;
  -- buying: claimed by one instance; bought: grams bought; nothing: nothing bought (reason says why)
  status text not null check (status in ('awaiting_payment', 'due', 'buying', 'bought', 'nothing')),
  amount_cents bigint not null check (amount_cents > 0),
  -- the deposit the Pix Automático charge became
  deposit_id bigint references deposits (id),
  payment_id text,
  order_id bigint,
  quantity_cg bigint check (quantity_cg >= 0),
  value_cents bigint check (value_cents >= 0),
  fee_cents bigint check (fee_cents >= 0),
  iof_cents bigint check (iof_cents >= 0),
  total_cents bigint check (total_cents >= 0),
  reason text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- the once-per-period claim
  unique (plan_id, period),
  check (total_cents is null or total_cents <= amount_cents)
);

create index saving_runs_open_idx on saving_runs (status, id) where status in ('awaiting_payment', 'due');
create index saving_runs_deposit_idx on saving_runs (deposit_id) where deposit_id is not null;
