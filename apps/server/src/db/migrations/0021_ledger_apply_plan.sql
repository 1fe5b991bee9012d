-- A planned batch of the ledger (apps/server/src/ledger/plan.ts, docs/ledger.md "A planned batch"): the commands were
-- worked out by the caller's process into the transfers they make and the holds they open and close; this function
-- does what only the database can: it locks the owners in the ledger's one order (ledger_lock_call, as ledger_execute),
-- refuses a closed owner, writes the transfers, the holds and the balances in set-based statements (in place where it
-- holds the owner for no key update, folding the deltas; a delta row elsewhere, as ledger_execute) and checks that
-- each hold it closes was open exactly as the plan says, after checking every floored balance the batch lowers, once,
-- as the batch will leave it. Anything wrong raises, and the caller's transaction writes nothing:
-- - PR001 with detail {"reason": "insufficient_funds" | "account_closed", "account": code}: a refusal;
-- - P0001 (an unknown account, two currencies, a hold not open as said) or 23505 (a transfer or hold id already
--   used: plain inserts, cheaper than ON CONFLICT's speculative ones): a plan that does not match the database, a bug
--   of the caller, never a customer's doing.
create function ledger_apply_plan(p_plan jsonb) returns void language plpgsql
set jit = off set plan_cache_mode = force_generic_plan set enable_seqscan = off as $$
declare
  v_nt int := jsonb_array_length(p_plan->'t');
  v_nhn int := jsonb_array_length(p_plan->'hn');
  v_nhu int := jsonb_array_length(p_plan->'hu');
  v_codes int; v_found int; v_mixed boolean;
  v_map jsonb; v_owner jsonb;
  v_n bigint[]; v_k bigint[];
  v_ip bigint[]; v_ip_dr bigint[]; v_ip_cr bigint[];
  v_dl bigint[]; v_dl_dr bigint[]; v_dl_cr bigint[];
  v_g bigint[]; v_g_dr bigint[]; v_g_cr bigint[];
  v_t int; v_hn int; v_hu int;
  v_bad text;
begin
  -- 1. In one read: the accounts the plan names (their ids and owners by code), what the batch debits and credits on
  -- each, how their owners are locked (lowering a floored balance, a debit of a debit-floored account or a credit of a
  -- credit-floored one: for no key update; crediting a customer: for key share; ledger_execute's step 3, on the gross
  -- legs), which balances are written in place (the owner locked for no key update) and which are checked.
  with t as (select * from jsonb_to_recordset(p_plan->'t') as x(d text, c text, a bigint, cur text)),
  h as (select * from jsonb_to_recordset(p_plan->'hn') as x(av text, hd text, cur text)
        union all select * from jsonb_to_recordset(p_plan->'hu') as x(av text, hd text, cur text)),
  legs as (select d as code, cur, a as dr, 0::bigint as cr from t union all select c, cur, 0, a from t
           union all select av, cur, 0, 0 from h union all select hd, cur, 0, 0 from h),
  net as (select code, sum(dr)::bigint as dr, sum(cr)::bigint as cr, min(cur) as cur_min, max(cur) as cur_max
            from legs group by code),
  acc as (
    select a.id, a.code, a.owner_id, o.user_id is not null as cust, n.dr, n.cr,
           a.currency <> n.cur_min or a.currency <> n.cur_max as mixed,
           (a.debits_must_not_exceed_credits and n.dr > 0) or (a.credits_must_not_exceed_debits and n.cr > 0) as lowers
      from net n join ledger_accounts a on a.code = n.code left join ledger_owners o on o.id = a.owner_id),
  modes as (
    select owner_id, bool_or(lowers) as n, bool_or(cust and cr > 0) as k from acc where owner_id is not null
     group by owner_id),
  placed as (
    select acc.*, coalesce(m.n, false) as in_place, acc.dr > 0 or acc.cr > 0 as moves
      from acc left join modes m on m.owner_id = acc.owner_id)
  select (select count(*) from net), count(*), coalesce(bool_or(mixed), false),
         coalesce(jsonb_object_agg(code, id), '{}'), coalesce(jsonb_object_agg(code, owner_id), '{}'),
         coalesce((select array_agg(owner_id order by owner_id) from modes where n), '{}'),
         coalesce((select array_agg(owner_id order by owner_id) from modes where k and not n), '{}'),
         coalesce(array_agg(id) filter (where moves and in_place), '{}'),
         coalesce(array_agg(dr) filter (where moves and in_place), '{}'),
         coalesce(array_agg(cr) filter (where moves and in_place), '{}'),
         coalesce(array_agg(id) filter (where moves and not in_place), '{}'),
         coalesce(array_agg(dr) filter (where moves and not in_place), '{}'),
         coalesce(array_agg(cr) filter (where moves and not in_place), '{}'),
         coalesce(array_agg(id) filter (where lowers), '{}'), coalesce(array_agg(dr) filter (where lowers), '{}'),
         coalesce(array_agg(cr) filter (where lowers), '{}')
    into v_codes, v_found, v_mixed, v_map, v_owner, v_n, v_k, v_ip, v_ip_dr, v_ip_cr, v_dl, v_dl_dr, v_dl_cr,
         v_g, v_g_dr, v_g_cr
    from placed;
  if v_found <> v_codes then
    raise exception 'ledger plan: unknown account(s)';
  end if;
  if v_mixed then
    raise exception 'ledger plan: a transfer or a hold in another currency than its accounts';
  end if;

  -- 2. Lock, in the ledger's one order; then refuse a closed owner (the row as locked is its latest version).
  perform ledger_lock_call(v_n, v_k);
  select a.code into v_bad
    from ledger_owners o join ledger_accounts a on a.owner_id = o.id
   where o.id = any(v_n || v_k) and o.closed_at is not null limit 1;
  if v_bad is not null then
    raise exception 'ledger plan: account closed' using errcode = 'PR001',
      detail = jsonb_build_object('reason', 'account_closed', 'account', v_bad)::text;
  end if;

  -- 3. Every floored balance the batch lowers, as the batch will leave it: under the owner's no key update lock only
  -- this transaction can lower it (others' credits only raise it), so the check holds until it commits. The rows'
  -- own CHECK constraints stand behind it.
  select a.code into v_bad
    from unnest(v_g, v_g_dr, v_g_cr) g(id, dr, cr) join ledger_accounts a on a.id = g.id
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
      select x.id, (v_map->>x.d)::bigint, (v_map->>x.c)::bigint, x.cur, x.a, x.code
        from jsonb_to_recordset(p_plan->'t') as x(id text, d text, c text, a bigint, code text, cur text)
      returning 1),
  f as (
    delete from ledger_balance_deltas dl where dl.account_id = any(v_ip)
      returning dl.account_id, dl.debits, dl.credits),
  s as (select f.account_id, sum(f.debits) as dr, sum(f.credits) as cr from f group by f.account_id),
  up as (
    update ledger_accounts a
       set debits_posted = a.debits_posted + v_ip_dr[array_position(v_ip, a.id)]
                           + coalesce((select s.dr from s where s.account_id = a.id), 0),
           credits_posted = a.credits_posted + v_ip_cr[array_position(v_ip, a.id)]
                            + coalesce((select s.cr from s where s.account_id = a.id), 0)
     where a.id = any(v_ip)
     returning 1),
  dl as (
    insert into ledger_balance_deltas (account_id, debits, credits)
      select * from unnest(v_dl, v_dl_dr, v_dl_cr)
      returning 1),
  hi as (
    insert into ledger_holds (hold_id, owner_id, available_account_id, held_account_id, currency, amount, reason,
                              reference, state, captured_amount, remainder_hold_id, resolved_at)
      select x.id, (v_owner->>x.av)::bigint, (v_map->>x.av)::bigint, (v_map->>x.hd)::bigint, x.cur, x.a, x.reason,
             x.ref, x.state, x.captured, x.rest, case when x.state <> 'held' then now() end
        from jsonb_to_recordset(p_plan->'hn') as x(id text, av text, hd text, cur text, a bigint, reason text,
                                                   ref text, state text, captured bigint, rest text)
       where v_owner->>x.av = v_owner->>x.hd
      returning 1),
  hu as (
    update ledger_holds h
       set state = x.state, resolved_at = now(), captured_amount = x.captured, remainder_hold_id = x.rest
      from jsonb_to_recordset(p_plan->'hu') as x(id text, av text, hd text, cur text, a bigint, reason text, ref text,
                                                 state text, captured bigint, rest text)
     where h.hold_id = x.id and h.state = 'held' and h.amount = x.a and h.currency = x.cur
       and h.available_account_id = (v_map->>x.av)::bigint and h.held_account_id = (v_map->>x.hd)::bigint
       and h.reason = x.reason and h.reference = x.ref
     returning 1)
  select (select count(*) from tw), (select count(*) from hi), (select count(*) from hu) into v_t, v_hn, v_hu;
  if v_t <> v_nt then
    raise exception 'ledger plan: a transfer was not written';
  end if;
  if v_hn <> v_nhn then
    raise exception 'ledger plan: a hold between two owners';
  end if;
  if v_hu <> v_nhu then
    raise exception 'ledger plan: a hold it closes is not open as the plan says';
  end if;
end
$$;
