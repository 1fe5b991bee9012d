-- The current definitions of orders_market_lock, orders_apply_batch:
-- a repeatable migration (db/migrate.ts), applied again whenever this file changes. First written in 0019, 0023.

-- The matcher's batch in one call (docs/orders.md, "One round trip per batch"): the market's lock, the version
-- check ("stale"), the ledger's planned batch (written by ledger_entry, the ledger's one writer), the orders, trades,
-- usage and counters.

-- The market's lock, in one place: the locked path takes it first thing in its transaction, orders_apply_batch inside
-- its own. An arbitrary key, ours alone.
create or replace function orders_market_lock() returns void language sql as $$ select pg_advisory_xact_lock(7201001) $$;

-- The batch: ledger_entry's six arguments first (p_accounts null: the batch moves nothing in the ledger), then the
-- orders (new ones and changed ones), the trades, the usage of the year p_year, now, the market's next version (the
-- version read + 1), and the last order and trade ids. Answers "stale" (writing nothing) when another batch was
-- written since the version read, else "ok".
-- The older signatures (with floored lists, with the caller's totals) are dropped first: create or replace cannot
-- change parameters.
drop function if exists orders_apply_batch(ledger_plan_transfer[], ledger_plan_hold[], ledger_plan_hold[],
                                           ledger_plan_account[], bigint[], bigint[], bigint[], bigint[], bigint[],
                                           bigint[], bigint[], bigint[], bigint[], bigint[], bigint[],
                                           orders_batch_order[], orders_batch_trade[], orders_batch_usage[], integer,
                                           timestamptz, bigint, bigint, bigint);
drop function if exists orders_apply_batch(ledger_plan_transfer[], ledger_plan_hold[], ledger_plan_hold[],
                                           ledger_plan_account[], bigint[], bigint[], bigint[], bigint[], bigint[],
                                           bigint[], bigint[], bigint[], orders_batch_order[], orders_batch_trade[],
                                           orders_batch_usage[], integer, timestamptz, bigint, bigint, bigint);
-- jscpd:ignore-start (ledger_entry's parameters, passed through: one interface, declared where it is taken)
create or replace function orders_apply_batch(p_transfers ledger_plan_transfer[], p_holds_opened ledger_plan_hold[],
                                   p_holds_closed ledger_plan_hold[], p_accounts ledger_plan_account[],
                                   p_lock_no_key_update bigint[], p_lock_key_share bigint[],
                                   p_orders orders_batch_order[], p_trades orders_batch_trade[],
                                   p_usage orders_batch_usage[], p_year integer, p_now timestamptz,
                                   p_version bigint, p_last_order bigint, p_last_trade bigint)
-- jscpd:ignore-end
returns jsonb language plpgsql set jit = off as $$
declare
  v_one int;
begin
  perform orders_market_lock();
  update market_state set version = p_version, last_order_id = p_last_order, last_trade_id = p_last_trade
   where id = 1 and version = p_version - 1;
  if not found then return '"stale"'::jsonb; end if;

  if p_accounts is not null then
    perform ledger_entry(p_transfers, p_holds_opened, p_holds_closed, p_accounts,
                         p_lock_no_key_update, p_lock_key_share);
  end if;

  with orders_written as (
    insert into orders (id, user_id, side, mode, status, price_cents, quantity_cg, remaining_cg, filled_cg, exact,
                        value_cents, fee_cents, iof_cents, fee_rate_bps, iof_rate_bps, minimum_fee_cents, hold_amount,
                        hold_seq, expected_total_cents, took_order_id, created_at, updated_at, deleted_at)
    select x.id, x.user_id, x.side, x.mode, x.status, x.price_cents, x.quantity_cg, x.remaining_cg, x.filled_cg,
           x.exact, x.value_cents, x.fee_cents, x.iof_cents, x.fee_rate_bps, x.iof_rate_bps, x.minimum_fee_cents,
           x.hold_amount, x.hold_seq, x.expected_total_cents, x.took_order_id, p_now, p_now, x.deleted_at
      from unnest(p_orders) as x
     order by x.id
    on conflict (id) do update set
      status = excluded.status, remaining_cg = excluded.remaining_cg, filled_cg = excluded.filled_cg,
      exact = excluded.exact, value_cents = excluded.value_cents, fee_cents = excluded.fee_cents,
      iof_cents = excluded.iof_cents, hold_seq = excluded.hold_seq, updated_at = excluded.updated_at,
      deleted_at = excluded.deleted_at),
  trades_written as (
    insert into trades (id, maker_order_id, taker_order_id, taker_side, price_cents, quantity_cg, buyer_value_cents,
                        seller_value_cents, buyer_fee_cents, buyer_iof_cents, seller_fee_cents, seller_iof_cents)
    select * from unnest(p_trades)),
  usage_written as (
    insert into trading_usage (user_id, year, traded_cents)
    select x.user_id, p_year, x.cents from unnest(p_usage) as x
     order by x.user_id
    on conflict (user_id, year) do update set traded_cents = trading_usage.traded_cents + excluded.traded_cents)
  select 1 into v_one; -- data-modifying CTEs run to their end whether the query reads them or not
  return '"ok"'::jsonb;
end
$$;
