-- The current definition of ledger_transfer:
-- a repeatable migration (db/migrate.ts), applied again whenever this file changes. First written in 0008.

-- One transfer: what ledger_execute does for a batch of one, in five statements with scalar lookups and no JSON
-- to walk (the order: find both accounts, lock their owners, read, decide, write). A customer account not opened
-- yet goes through ledger_execute.
create or replace function ledger_transfer(p_id text, p_debit text, p_credit text, p_amount bigint, p_code text)
returns jsonb language plpgsql
set jit = off set plan_cache_mode = force_generic_plan set enable_seqscan = off as $$
declare
  d_id bigint; d_cur text; d_floor "char"; d_owner bigint; d_cust boolean;
  c_id bigint; c_cur text; c_floor "char"; c_owner bigint; c_cust boolean;
  d_mode "char" := '-'; c_mode "char" := '-';
  v_stored jsonb; v_closed_d boolean; v_closed_c boolean; v_dbal bigint; v_cbal bigint;
  v_ip bigint[] := '{}'; v_dl bigint[] := '{}';
  v_max bigint; v_top bigint; v_first bigint; v_second bigint; v_first_mode "char"; v_second_mode "char";
  v_ignored text; v_cnt int; v_closed boolean;
begin
  select a.id, a.currency,
         (case when a.debits_must_not_exceed_credits then 'd' when a.credits_must_not_exceed_debits then 'c'
               else 'n' end)::"char", a.owner_id, o.user_id is not null,
         b.id, b.currency,
         (case when b.debits_must_not_exceed_credits then 'd' when b.credits_must_not_exceed_debits then 'c'
               else 'n' end)::"char", b.owner_id, p.user_id is not null
    into d_id, d_cur, d_floor, d_owner, d_cust, c_id, c_cur, c_floor, c_owner, c_cust
    from ledger_accounts a left join ledger_owners o on o.id = a.owner_id,
         ledger_accounts b left join ledger_owners p on p.id = b.owner_id
   where a.code = p_debit and b.code = p_credit;
  if d_id is null then
    return ledger_execute(jsonb_build_array(jsonb_build_object('kind', 'transfer', 'id', p_id,
                                                               'debit_account', p_debit, 'credit_account', p_credit,
                                                               'amount', p_amount, 'code', p_code)), false)->0;
  end if;
  if d_cur <> c_cur then
    raise exception 'ledger: % and % are in different currencies', p_debit, p_credit;
  end if;
  -- lowering a floored balance locks its owner for no key update; a credit to a customer takes key share
  if d_floor = 'd' then d_mode := 'n'; end if;
  if c_floor = 'c' then c_mode := 'n'; elsif c_cust then c_mode := 'k'; end if;
  if d_owner = c_owner then
    if c_mode = 'n' then d_mode := 'n'; elsif d_mode = '-' then d_mode := c_mode; end if;
    c_mode := '-';
  end if;
  -- lock them as ledger_lock_call would, inline: at most two owners, ascending; below the mark, never queued
  v_max := coalesce(nullif(current_setting('prata.ledger_lock_max', true), '')::bigint, 0);
  if d_mode <> '-' and c_mode <> '-' and c_owner < d_owner then
    v_first := c_owner; v_first_mode := c_mode; v_second := d_owner; v_second_mode := d_mode;
  elsif d_mode <> '-' then
    v_first := d_owner; v_first_mode := d_mode; v_second := c_owner; v_second_mode := c_mode;
  else
    v_first := c_owner; v_first_mode := c_mode; v_second := null; v_second_mode := '-';
  end if;
  v_top := v_max;
  for i in 1..2 loop
    if i = 2 then v_first := v_second; v_first_mode := v_second_mode; end if;
    continue when v_first_mode = '-' or v_first is null;
    -- a key share below this call's own highest owner is out of order too (it never waits for more than a closing)
    if v_first < v_max or (v_first_mode = 'k' and v_first < v_top) then
      perform ledger_lock_out_of_order(case when v_first_mode = 'n' then array[v_first] else '{}'::bigint[] end,
                                       case when v_first_mode = 'k' then array[v_first] else '{}'::bigint[] end,
                                       '{}');
    elsif v_first_mode = 'n' then
      select o.closed_at is not null into v_closed from ledger_owners o where o.id = v_first for no key update;
      v_top := v_first;
    else
      select o.closed_at is not null into v_closed from ledger_owners o where o.id = v_first for key share;
      v_top := v_first;
    end if;
    -- the row as locked is its latest version: whether the customer is closed now, and stays so until we commit
    if v_first = d_owner then v_closed_d := v_closed; else v_closed_c := v_closed; end if;
  end loop;
  if v_top > v_max then v_ignored := set_config('prata.ledger_lock_max', v_top::text, true); end if;

  -- now that the owners are ours: an earlier posting of this id, closed flags, the balances to check
  select (select jsonb_build_array(t.debit_account_id, t.credit_account_id, t.amount, t.code, t.created_at)
            from ledger_transfers t where t.transfer_id = p_id),
         case when v_closed_d is null and d_owner is not null then
           (select o.closed_at is not null from ledger_owners o where o.id = d_owner) else v_closed_d end,
         case when v_closed_c is null and c_owner is not null then
           (select o.closed_at is not null from ledger_owners o where o.id = c_owner) else v_closed_c end,
         case when d_mode = 'n' and d_floor = 'd' then
           (select a.credits_posted - a.debits_posted
                   + coalesce((select sum(dl.credits - dl.debits) from ledger_balance_deltas dl
                                where dl.account_id = d_id), 0)
              from ledger_accounts a where a.id = d_id) end,
         case when c_floor = 'c' then
           (select a.debits_posted - a.credits_posted
                   + coalesce((select sum(dl.debits - dl.credits) from ledger_balance_deltas dl
                                where dl.account_id = c_id), 0)
              from ledger_accounts a where a.id = c_id) end
    into v_stored, v_closed_d, v_closed_c, v_dbal, v_cbal;
  if v_stored is not null then
    if (v_stored->>0)::bigint = d_id and (v_stored->>1)::bigint = c_id and (v_stored->>2)::bigint = p_amount
       and v_stored->>3 = p_code then
      return jsonb_build_object('ok', true, 'duplicate', true, 'posted_at', v_stored->4);
    end if;
    return '{"ok":false,"reason":"id_conflict"}'::jsonb;
  end if;
  if v_closed_d then return jsonb_build_object('ok', false, 'reason', 'account_closed', 'account', p_debit); end if;
  if v_closed_c then return jsonb_build_object('ok', false, 'reason', 'account_closed', 'account', p_credit); end if;
  if d_floor = 'd' and v_dbal < p_amount then
    return jsonb_build_object('ok', false, 'reason', 'insufficient_funds', 'account', p_debit);
  end if;
  if c_floor = 'c' and v_cbal < p_amount then
    return jsonb_build_object('ok', false, 'reason', 'insufficient_funds', 'account', p_credit);
  end if;

  -- in place where this call holds the owner for no key update (folding the account's deltas), a delta elsewhere
  if d_mode = 'n' then v_ip := v_ip || d_id; else v_dl := v_dl || d_id; end if;
  if c_mode = 'n' or (c_owner = d_owner and d_mode = 'n') then v_ip := v_ip || c_id; else v_dl := v_dl || c_id; end if;
  with t as (
    insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code)
      values (p_id, d_id, c_id, d_cur, p_amount, p_code)
      on conflict (transfer_id) do nothing
      returning 1),
  f as (
    delete from ledger_balance_deltas dl where dl.account_id = any(v_ip)
      returning dl.account_id, dl.debits, dl.credits),
  s as (select f.account_id, sum(f.debits) as dr, sum(f.credits) as cr from f group by f.account_id),
  up as (
    update ledger_accounts a
       set debits_posted = a.debits_posted + case when a.id = d_id then p_amount else 0 end
                           + coalesce((select s.dr from s where s.account_id = a.id), 0),
           credits_posted = a.credits_posted + case when a.id = c_id then p_amount else 0 end
                            + coalesce((select s.cr from s where s.account_id = a.id), 0)
     where a.id = any(v_ip)
     returning 1),
  dl as (
    insert into ledger_balance_deltas (account_id, debits, credits)
      select x, case when x = d_id then p_amount else 0 end, case when x = c_id then p_amount else 0 end
        from unnest(v_dl) x
      returning 1)
  select count(*) into v_cnt from t;
  if v_cnt = 0 then
    raise exception using errcode = '40001',
      message = 'ledger: a transfer id was posted by a concurrent transaction; the transaction must be retried';
  end if;
  return jsonb_build_object('ok', true, 'duplicate', false, 'posted_at', now());
end
$$;
