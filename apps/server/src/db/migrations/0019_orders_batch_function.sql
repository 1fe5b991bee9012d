-- A batch of the order book's matcher written by one call (docs/orders.md, "One round trip per batch"). The matcher
-- reads the market's state, matches in memory, then calls this function, which is the batch's whole transaction when
-- called on its own: it takes the market's advisory lock, checks that the market is still at the version the matcher
-- read (another instance may have written a batch since: it answers "stale", writing nothing), and writes everything
-- the batch caused: the ledger's planned batch (ledger_apply_plan, migration 0021: it locks the owners and checks every
-- balance the batch lowers), the orders, the trades, the trading usage and the market's counters, and answers "ok". A
-- refusal of the ledger raises PR001 (its reason and account in the detail), so that nothing of the batch is written.
-- In PL/pgSQL every statement takes a fresh snapshot (READ COMMITTED), so what follows the lock sees the batch
-- committed before it.
--
-- $1 the ledger's plan (or null), $2 the orders (new ones and changed ones), $3 the trades, $4 the usage of the
-- year $5, $6 now, $7 the market's next version (the version read + 1), $8 and $9 the last order and trade ids.
-- The market's lock, in one place: the locked path takes it first thing in its transaction, orders_apply_batch inside
-- its own. An arbitrary key, ours alone.
create function orders_market_lock() returns void language sql as $$ select pg_advisory_xact_lock(7201001) $$;

create function orders_apply_batch(p_plan jsonb, p_orders jsonb, p_trades jsonb, p_usage jsonb, p_year integer,
                                   p_now timestamptz, p_version bigint, p_last_order bigint, p_last_trade bigint)
returns jsonb language plpgsql set jit = off as $$
declare
  v_one int;
begin
  perform orders_market_lock();
  update market_state set version = p_version, last_order_id = p_last_order, last_trade_id = p_last_trade
   where id = 1 and version = p_version - 1;
  if not found then return '"stale"'::jsonb; end if;

  if p_plan is not null then perform ledger_apply_plan(p_plan); end if;

  with orders_written as (
    insert into orders (id, user_id, side, mode, status, price_cents, quantity_cg, remaining_cg, filled_cg, exact,
                        value_cents, fee_cents, iof_cents, fee_rate_bps, iof_rate_bps, minimum_fee_cents, hold_amount,
                        hold_seq, expected_total_cents, took_order_id, created_at, updated_at, deleted_at)
    select x.id, x.user_id, x.side, x.mode, x.status, x.price_cents, x.quantity_cg, x.remaining_cg, x.filled_cg,
           x.exact, x.value_cents, x.fee_cents, x.iof_cents, x.fee_rate_bps, x.iof_rate_bps, x.minimum_fee_cents,
           x.hold_amount, x.hold_seq, x.expected_total_cents, x.took_order_id, p_now, p_now, x.deleted_at
      from jsonb_to_recordset(p_orders) as x(
           id bigint, user_id bigint, side text, mode text, status text, price_cents bigint, quantity_cg bigint,
           remaining_cg bigint, filled_cg bigint, exact bigint, value_cents bigint, fee_cents bigint, iof_cents bigint,
           fee_rate_bps integer, iof_rate_bps integer, minimum_fee_cents bigint, hold_amount bigint, hold_seq integer,
           expected_total_cents bigint, took_order_id bigint, deleted_at timestamptz)
     order by x.id
    on conflict (id) do update set
      status = excluded.status, remaining_cg = excluded.remaining_cg, filled_cg = excluded.filled_cg,
      exact = excluded.exact, value_cents = excluded.value_cents, fee_cents = excluded.fee_cents,
      iof_cents = excluded.iof_cents, hold_seq = excluded.hold_seq, updated_at = excluded.updated_at,
      deleted_at = excluded.deleted_at),
  trades_written as (
    insert into trades (id, maker_order_id, taker_order_id, taker_side, price_cents, quantity_cg, buyer_value_cents,
                        seller_value_cents, buyer_fee_cents, buyer_iof_cents, seller_fee_cents, seller_iof_cents)
    select * from jsonb_to_recordset(p_trades) as x(
           id bigint, maker_order_id bigint, taker_order_id bigint, taker_side text, price_cents bigint,
           quantity_cg bigint, buyer_value_cents bigint, seller_value_cents bigint, buyer_fee_cents bigint,
           buyer_iof_cents bigint, seller_fee_cents bigint, seller_iof_cents bigint)),
  usage_written as (
    insert into trading_usage (user_id, year, traded_cents)
    select x.user_id, p_year, x.cents from jsonb_to_recordset(p_usage) as x(user_id bigint, cents bigint)
     order by x.user_id
    on conflict (user_id, year) do update set traded_cents = trading_usage.traded_cents + excluded.traded_cents)
  select 1 into v_one; -- data-modifying CTEs run to their end whether the query reads them or not
  return '"ok"'::jsonb;
end
$$;
