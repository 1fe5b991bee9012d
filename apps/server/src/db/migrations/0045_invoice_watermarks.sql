-- A customer's invoice list issues whatever is due before it answers (docs/fiscal.md). Reading all of a customer's
-- fees since the account opened on every visit grew with their history (1.4–1.7 s p99 at 32 connections for the
-- heavy trader, issue 38); the list now remembers the month before which everything is issued, and reads from there.
-- The hourly run still looks three months back for everyone, so a fee committed just after a month closed is issued.
create table invoice_watermarks (
  user_id bigint primary key references users(id) on delete cascade,
  -- every service invoice of a month that began before this instant is issued
  complete_before timestamptz not null,
  updated_at timestamptz not null default now()
);
