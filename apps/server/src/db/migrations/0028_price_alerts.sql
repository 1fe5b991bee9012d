-- Issue 30 item 3: price alerts, fired once from the trades as they commit, by e-mail (outbox) and Web Push.
-- docs/price-alerts.md.
create table price_alerts (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  direction text not null check (direction in ('above', 'below')),
  price_cents bigint not null check (price_cents > 0),
  -- the last trade when the alert was created: only later trades fire it
  since_trade_id bigint not null default 0,
  -- set once, by the atomic claim `... where fired_at is null returning` (any instance; never twice)
  fired_at timestamptz,
  fired_trade_id bigint,
  fired_price_cents bigint,
  created_at timestamptz not null default now(),
  check ((fired_at is null) = (fired_trade_id is null) and (fired_at is null) = (fired_price_cents is null))
);
create index price_alerts_user_idx on price_alerts (user_id, id desc);
-- the check after each batch reads the active alerts only
create index price_alerts_active_idx on price_alerts (direction, price_cents) where fired_at is null;

-- How far the trades have been looked at (one row). A check locks it, reads the trades after it, fires the alerts
-- they cross and moves it, in one transaction: two instances never look at the same trades twice.
create table price_alert_cursor (
  id smallint primary key check (id = 1),
  last_trade_id bigint not null,
  updated_at timestamptz not null default now()
);
insert into price_alert_cursor (id, last_trade_id) select 1, coalesce(max(id), 0) from trades;

-- The browsers a customer allowed to show notifications (a PushSubscription each). Removed when the push service
-- answers 404 or 410 (the subscription expired or was revoked).
create table push_subscriptions (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  endpoint text not null unique check (length(endpoint) <= 1000),
  p256dh text not null check (length(p256dh) <= 200),
  auth text not null check (length(auth) <= 200),
  created_at timestamptz not null default now()
);
create index push_subscriptions_user_idx on push_subscriptions (user_id, id);
