-- Issue 15: the affiliate program and the educational videos (docs/affiliates.md).
--
-- An affiliate's coupon is a coupon (0001) whose owner is the affiliate; a referred customer is a user whose
-- referred_by_coupon_id is that coupon (set by POST /api/register). Rewards are credited through the ledger
-- (rewards:BRL → customer:<affiliate>:available:BRL, transfer 'affiliate-reward:<trade>:<side>'); the rows here say
-- why, one per trade and side at most.

-- One row: the share of the operating fee an affiliate earns and for how many years after the referred customer's
-- registration. Operators edit it in the back office; a change applies to the rewards credited after it.
create table affiliate_settings (
  id smallint primary key default 1 check (id = 1),
  reward_share_bps integer not null default 2000 check (reward_share_bps between 0 and 10000),
  validity_years integer not null default 1 check (validity_years between 1 and 10),
  updated_by bigint references users (id),
  updated_at timestamptz not null default now()
);
insert into affiliate_settings default values;

-- At most one affiliate coupon per customer (made on the first visit to /afiliados, race-free with on conflict).
create unique index coupons_affiliate_owner_uq on coupons (owner_user_id) where owner_user_id is not null;
-- An affiliate's referred customers, newest first.
create index users_referred_by_coupon_idx on users (referred_by_coupon_id, created_at desc, id desc)
  where referred_by_coupon_id is not null;

-- How far the crediter has read the trades (ids are given under the market's lock and committed in order, so
-- every trade at or below it has been looked at). Starts at the last trade when the program began.
create table affiliate_reward_cursor (
  id smallint primary key default 1 check (id = 1),
  last_trade_id bigint not null default 0 check (last_trade_id >= 0),
  updated_at timestamptz not null default now()
);
insert into affiliate_reward_cursor (last_trade_id) select coalesce(max(id), 0) from trades;

create table affiliate_rewards (
  id bigint generated always as identity primary key,
  affiliate_user_id bigint not null references users (id),
  referred_user_id bigint not null references users (id),
  -- the trade whose fee earned it, and which side of it the referred customer was on
  trade_id bigint references trades (id),
  side text check (side in ('buy', 'sell')),
  quantity_cg bigint check (quantity_cg > 0),
  fee_cents bigint not null check (fee_cents >= 0),
  share_bps integer not null check (share_bps between 0 and 10000),
  currency text not null default 'BRL' check (currency in ('BRL', 'AG')),
  -- centavos (BRL) or centigrams (AG)
  amount bigint not null check (amount > 0),
  description text not null check (length(description) between 1 and 300),
  -- the ledger transfer that paid it (reconciliation check 14)
  transfer_id text not null unique,
  created_at timestamptz not null default now(),
  constraint affiliate_rewards_trade_side_uq unique (trade_id, side)
);
create index affiliate_rewards_affiliate_idx on affiliate_rewards (affiliate_user_id, created_at desc, id desc);
create index affiliate_rewards_list_idx on affiliate_rewards (created_at desc, id desc);

create table educational_videos (
  id bigint generated always as identity primary key,
  youtube_id varchar(11) not null check (youtube_id ~ '^[A-Za-z0-9_-]{11}$'),
  title text not null check (length(title) between 1 and 150),
  tag text not null check (tag in ('informative', 'tutorial')),
  created_by bigint references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index educational_videos_youtube_uq on educational_videos (youtube_id);
create index educational_videos_list_idx on educational_videos (created_at desc, id desc);
create index educational_videos_tag_idx on educational_videos (tag, created_at desc, id desc);
