-- The planned batch with its accounts named by id (ledger/plan.ts resolvePlan, docs/ledger.md "A planned batch"):
-- the caller knows each account's id, code, currency, owner and floor (fixed when the account is opened, read once
-- per process), so it works out what this function's first step did, a read of every account by code and an
-- aggregation of every leg: the debits and credits on each account, the owners to lock and how, which balances are
-- written in place and which are checked. What stays here is what only the database can do, and a check of what the
-- caller knows: every account it names is looked up by id and must have the code and owner it says (else PR002, and
-- nothing is written; the caller forgets what it knew and tries again). Then, as before: the owners locked in the ledger's one order
-- (ledger_lock_call), a closed owner refused, every floored balance the batch lowers checked as the batch leaves it,
-- and everything written in set-based statements. The errors are migration 0021's:
-- - PR001 with detail {"reason": "insufficient_funds" | "account_closed", "account": code}: a refusal;
-- - PR002: an account is not what the caller knows of it (its knowledge is out of date);
-- - P0001 (a hold not open as said) or 23505 (a transfer or hold id already used): a plan that does not match the
--   database, a bug of the caller, never a customer's doing.
-- The arrays of numbers come as JSON arrays and are read as PostgreSQL arrays by their text ('[1,2]' -> '{1,2}').
-- Every statement reads a few rows by key for each row of the plan: nested loops over the indexes. A generic plan
-- guesses 100 rows for each of the plan's lists and would hash the whole of ledger_accounts or of the open holds
-- (read through an index, as sequential scans are off) to join them: hash and merge joins are off too.
create or replace function ledger_apply_plan(p_plan jsonb) returns void language plpgsql
set jit = off set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_hashjoin = off
set enable_mergejoin = off as $$
declare
  v_nt int := jsonb_array_length(p_plan->'t');
  v_nhn int := jsonb_array_length(p_plan->'hn');
  v_nhu int := jsonb_array_length(p_plan->'hu');
  v_nacc int := jsonb_array_length(p_plan->'acc');
  v_n bigint[] := translate((p_plan->'n')::text, '[]', '{}')::bigint[];
  v_k bigint[] := translate((p_plan->'k')::text, '[]', '{}')::bigint[];
  v_ip bigint[] := translate((p_plan->'ip')::text, '[]', '{}')::bigint[];
  v_ip_dr bigint[] := translate((p_plan->'ipd')::text, '[]', '{}')::bigint[];
  v_ip_cr bigint[] := translate((p_plan->'ipc')::text, '[]', '{}')::bigint[];
  v_dl bigint[] := translate((p_plan->'dl')::text, '[]', '{}')::bigint[];
  v_dl_dr bigint[] := translate((p_plan->'dld')::text, '[]', '{}')::bigint[];
  v_dl_cr bigint[] := translate((p_plan->'dlc')::text, '[]', '{}')::bigint[];
  v_g bigint[] := translate((p_plan->'g')::text, '[]', '{}')::bigint[];
  v_g_dr bigint[] := translate((p_plan->'gd')::text, '[]', '{}')::bigint[];
  v_g_cr bigint[] := translate((p_plan->'gc')::text, '[]', '{}')::bigint[];
  v_found int; v_t int; v_hn int; v_hu int;
  v_bad text;
begin
  -- 1. The accounts are what the caller knows of them.
  select count(*) into v_found
    from jsonb_to_recordset(p_plan->'acc') as x(id bigint, code text, owner bigint)
    join ledger_accounts a on a.id = x.id
   where a.code = x.code and a.owner_id is not distinct from x.owner;
  if v_found <> v_nacc then
    raise exception 'ledger plan: accounts not as the caller knows them' using errcode = 'PR002';
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
      select x.id, x.d, x.c, x.cur, x.a, x.code
        from jsonb_to_recordset(p_plan->'t') as x(id text, d bigint, c bigint, a bigint, code text, cur text)
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
      select x.id, x.o, x.av, x.hd, x.cur, x.a, x.reason, x.ref, x.state, x.captured, x.rest,
             case when x.state <> 'held' then now() end
        from jsonb_to_recordset(p_plan->'hn') as x(id text, o bigint, av bigint, hd bigint, cur text, a bigint,
                                                   reason text, ref text, state text, captured bigint, rest text)
      returning 1),
  hu as (
    update ledger_holds h
       set state = x.state, resolved_at = now(), captured_amount = x.captured, remainder_hold_id = x.rest
      from jsonb_to_recordset(p_plan->'hu') as x(id text, av bigint, hd bigint, cur text, a bigint, reason text,
                                                 ref text, state text, captured bigint, rest text)
     where h.hold_id = x.id and h.state = 'held' and h.amount = x.a and h.currency = x.cur
       and h.available_account_id = x.av and h.held_account_id = x.hd
       and h.reason = x.reason and h.reference = x.ref
     returning 1)
  select (select count(*) from tw), (select count(*) from hi), (select count(*) from hu) into v_t, v_hn, v_hu;
  if v_t <> v_nt then
    raise exception 'ledger plan: a transfer was not written';
  end if;
  if v_hn <> v_nhn then
    raise exception 'ledger plan: a hold was not written';
  end if;
  if v_hu <> v_nhu then
    raise exception 'ledger plan: a hold it closes is not open as the plan says';
  end if;
end
$$;
