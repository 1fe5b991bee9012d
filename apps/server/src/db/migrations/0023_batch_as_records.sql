-- The matcher's batch as arrays of records instead of JSON (docs/orders.md, item 10; docs/performance.md, "The batch
-- as records"). ledger_apply_plan and orders_apply_batch do what migrations 0019 and 0022 made them do, with the same
-- checks, locks, statements and errors; only the form of what they are given changes:
-- - the plan's transfers, holds and accounts, the orders, the trades and the usage come as arrays of the composite
--   types below (a PostgreSQL array literal of row literals, ledger/sql.ts recordArray), read by unnest;
-- - the plan's lists of numbers come as bigint[].
-- A JSON object per row cost PostgreSQL about three times as much to read as its record: the text parsed into jsonb
-- (every key sorted, every number made a numeric), then each field looked up by name and converted back through text;
-- a batch of 30 orders came as 60 KB of JSON, and reading it was about a sixth of the batch's write.
-- The functions of 0019 and 0022 that took JSON are dropped: these are the only ones.

create type ledger_plan_transfer as (id text, d bigint, c bigint, a bigint, code text, cur text);
-- a hold the plan opens (o: its owner) or closes (o: null; av, hd, cur, a, reason and ref: what it must be)
create type ledger_plan_hold as (id text, o bigint, av bigint, hd bigint, cur text, a bigint, reason text, ref text,
                                 state text, captured bigint, rest text);
create type ledger_plan_account as (id bigint, code text, owner bigint);
create type orders_batch_order as (
  id bigint, user_id bigint, side text, mode text, status text, price_cents bigint, quantity_cg bigint,
  remaining_cg bigint, filled_cg bigint, exact bigint, value_cents bigint, fee_cents bigint, iof_cents bigint,
  fee_rate_bps integer, iof_rate_bps integer, minimum_fee_cents bigint, hold_amount bigint, hold_seq integer,
  expected_total_cents bigint, took_order_id bigint, deleted_at timestamptz);
create type orders_batch_trade as (
  id bigint, maker_order_id bigint, taker_order_id bigint, taker_side text, price_cents bigint, quantity_cg bigint,
  buyer_value_cents bigint, seller_value_cents bigint, buyer_fee_cents bigint, buyer_iof_cents bigint,
  seller_fee_cents bigint, seller_iof_cents bigint);
create type orders_batch_usage as (user_id bigint, cents bigint);

drop function orders_apply_batch(jsonb, jsonb, jsonb, jsonb, integer, timestamptz, bigint, bigint, bigint);
drop function ledger_apply_plan(jsonb);

-- p_t the transfers, p_hn the holds opened, p_hu the holds closed, p_acc every account named (checked: id, code,
-- owner); p_n and p_k the owners locked for no key update and for key share; p_ip/p_ipd/p_ipc the balances written in
-- place (account, debits, credits), p_dl/p_dld/p_dlc those written as a delta row, p_g/p_gd/p_gc the floored balances
-- the batch lowers (ledger/plan.ts ResolvedPlan). The planner settings are 0022's: every statement reads a few rows by
-- key for each row of the plan, and a generic plan guesses 100 rows for each list.
create function ledger_apply_plan(p_t ledger_plan_transfer[], p_hn ledger_plan_hold[], p_hu ledger_plan_hold[],
                                  p_acc ledger_plan_account[], p_n bigint[], p_k bigint[],
                                  p_ip bigint[], p_ipd bigint[], p_ipc bigint[],
                                  p_dl bigint[], p_dld bigint[], p_dlc bigint[],
                                  p_g bigint[], p_gd bigint[], p_gc bigint[])
returns void language plpgsql
set jit = off set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_hashjoin = off
set enable_mergejoin = off as $$
declare
  v_found int; v_t int; v_hn int; v_hu int;
  v_bad text;
begin
  -- 1. The accounts are what the caller knows of them.
  select count(*) into v_found
    from unnest(p_acc) as x
    join ledger_accounts a on a.id = x.id
   where a.code = x.code and a.owner_id is not distinct from x.owner;
  if v_found <> cardinality(p_acc) then
    raise exception 'ledger plan: accounts not as the caller knows them' using errcode = 'PR002';
  end if;

  -- 2. Lock, in the ledger's one order; then refuse a closed owner (the row as locked is its latest version).
  perform ledger_lock_call(p_n, p_k);
  select a.code into v_bad
    from ledger_owners o join ledger_accounts a on a.owner_id = o.id
   where o.id = any(p_n || p_k) and o.closed_at is not null limit 1;
  if v_bad is not null then
    raise exception 'ledger plan: account closed' using errcode = 'PR001',
      detail = jsonb_build_object('reason', 'account_closed', 'account', v_bad)::text;
  end if;

  -- 3. Every floored balance the batch lowers, as the batch will leave it: under the owner's no key update lock only
  -- this transaction can lower it (others' credits only raise it), so the check holds until it commits. The rows'
  -- own CHECK constraints stand behind it.
  select a.code into v_bad
    from unnest(p_g, p_gd, p_gc) g(id, dr, cr) join ledger_accounts a on a.id = g.id
   where (case when a.debits_must_not_exceed_credits then a.credits_posted - a.debits_posted + g.cr - g.dr
               else a.debits_posted - a.credits_posted + g.dr - g.cr end)
         + coalesce((select sum(case when a.debits_must_not_exceed_credits then dl.credits - dl.debits
                                     else dl.debits - dl.credits end)
                       from ledger_balance_deltas dl where dl.account_id = a.id), 0) < 0
   limit 1;
  if v_bad is not null then
    raise exception 'ledger plan: insufficient funds' using errcode = 'PR001',
      detail = jsonb_build_object('reason', 'insufficient_funds', 'account', v_bad)::text;
  end if;

  -- 4. Write, in one statement: the transfers, the balances (in place under a no key update lock, folding the
  -- account's deltas; a delta row elsewhere), the holds opened and the holds closed.
  with tw as (
    insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code)
      select x.id, x.d, x.c, x.cur, x.a, x.code from unnest(p_t) as x
      returning 1),
  f as (
    delete from ledger_balance_deltas dl where dl.account_id = any(p_ip)
      returning dl.account_id, dl.debits, dl.credits),
  s as (select f.account_id, sum(f.debits) as dr, sum(f.credits) as cr from f group by f.account_id),
  up as (
    update ledger_accounts a
       set debits_posted = a.debits_posted + p_ipd[array_position(p_ip, a.id)]
                           + coalesce((select s.dr from s where s.account_id = a.id), 0),
           credits_posted = a.credits_posted + p_ipc[array_position(p_ip, a.id)]
                            + coalesce((select s.cr from s where s.account_id = a.id), 0)
     where a.id = any(p_ip)
     returning 1),
  dl as (
    insert into ledger_balance_deltas (account_id, debits, credits)
      select * from unnest(p_dl, p_dld, p_dlc)
      returning 1),
  hi as (
    insert into ledger_holds (hold_id, owner_id, available_account_id, held_account_id, currency, amount, reason,
                              reference, state, captured_amount, remainder_hold_id, resolved_at)
      select x.id, x.o, x.av, x.hd, x.cur, x.a, x.reason, x.ref, x.state, x.captured, x.rest,
             case when x.state <> 'held' then now() end
        from unnest(p_hn) as x
      returning 1),
  hu as (
    update ledger_holds h
       set state = x.state, resolved_at = now(), captured_amount = x.captured, remainder_hold_id = x.rest
      from unnest(p_hu) as x
     where h.hold_id = x.id and h.state = 'held' and h.amount = x.a and h.currency = x.cur
       and h.available_account_id = x.av and h.held_account_id = x.hd
       and h.reason = x.reason and h.reference = x.ref
     returning 1)
  select (select count(*) from tw), (select count(*) from hi), (select count(*) from hu) into v_t, v_hn, v_hu;
  if v_t <> cardinality(p_t) then
    raise exception 'ledger plan: a transfer was not written';
  end if;
  if v_hn <> cardinality(p_hn) then
    raise exception 'ledger plan: a hold was not written';
  end if;
  if v_hu <> cardinality(p_hu) then
    raise exception 'ledger plan: a hold it closes is not open as the plan says';
  end if;
end
$$;

-- 0019's batch: the plan's fifteen arguments first (p_acc null: the batch moves nothing in the ledger), then the
-- orders (new ones and changed ones), the trades, the usage of the year p_year, now, the market's next version (the
-- version read + 1), and the last order and trade ids. Answers "stale" (writing nothing) when another batch was
-- written since the version read, else "ok".
create function orders_apply_batch(p_t ledger_plan_transfer[], p_hn ledger_plan_hold[], p_hu ledger_plan_hold[],
                                   p_acc ledger_plan_account[], p_n bigint[], p_k bigint[],
                                   p_ip bigint[], p_ipd bigint[], p_ipc bigint[],
                                   p_dl bigint[], p_dld bigint[], p_dlc bigint[],
                                   p_g bigint[], p_gd bigint[], p_gc bigint[],
                                   p_orders orders_batch_order[], p_trades orders_batch_trade[],
                                   p_usage orders_batch_usage[], p_year integer, p_now timestamptz,
                                   p_version bigint, p_last_order bigint, p_last_trade bigint)
returns jsonb language plpgsql set jit = off as $$
declare
  v_one int;
begin
  perform orders_market_lock();
  update market_state set version = p_version, last_order_id = p_last_order, last_trade_id = p_last_trade
   where id = 1 and version = p_version - 1;
  if not found then return '"stale"'::jsonb; end if;

  if p_acc is not null then
    perform ledger_apply_plan(p_t, p_hn, p_hu, p_acc, p_n, p_k, p_ip, p_ipd, p_ipc, p_dl, p_dld, p_dlc,
                              p_g, p_gd, p_gc);
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
