-- migrate: outside transaction
-- Issue 38, lists page flat (lib/paging.ts; docs/decisions.md "Lists page flat"): every customer list reads its
-- page's keys and its capped total from one index whose columns are the owner, the list's order and the key, so the
-- scan touches only the index (index-only) and only the rows before the page's end.
--
-- The other customer lists already had theirs: orders (orders_user_completed_idx, orders_user_cancelled_idx),
-- deposits, withdrawals, silver_withdrawals, tickets, silver_transfers (owner, id desc), service_invoices,
-- product_invoices, affiliate_rewards, users by coupon (owner, time desc, id desc). The event log ("Demais eventos")
-- had (user_id, created_at desc) without the id: its order had no tie-breaker the index knew, and its page read the
-- table for every row skipped. (user_id, created_at desc, id desc) replaces it; nothing else used the old one that
-- the new one does not serve (same leading columns).
--
-- Built concurrently, outside a transaction (the marker above; db/migrate.ts): writes to event_logs go on while it
-- builds. Measured on PostgreSQL 15, 2 shared cores, 2.0M rows (1M customers + a heavy 1M-line history) with two
-- connections inserting event lines all along: concurrently, 4.1 s, the slowest insert 162 ms; a plain CREATE INDEX,
-- 3.9 s, the slowest insert 3.7 s (blocked for the whole build, past the 1 s allowed).
-- Safe to run again from the top: a build that failed half-way leaves an invalid index, dropped first.
drop index concurrently if exists event_logs_user_created_idx;
create index concurrently event_logs_user_created_idx on event_logs (user_id, created_at desc, id desc);
drop index concurrently if exists event_logs_user_idx;
