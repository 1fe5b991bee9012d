-- The current definitions of ledger_lock_mode_debit, ledger_lock_mode_credit, ledger_lock_out_of_order,
-- ledger_lock_owners, ledger_lock_call, ledger_lock_holders: a repeatable migration (db/migrate.ts), applied again
-- whenever this file changes.

-- The ledger's lock rule, the one definition its callers ask (ledger_commands; the order book's planner reads each
-- account's two modes with its facts, ledger/plan-resolve.ts): lowering a floored balance (a debit of
-- an account whose debits must not exceed its credits, a credit of one whose credits must not exceed its debits)
-- locks its owner for no key update ('n'); a credit to a customer takes key share ('k', so a closing waits); anything
-- else takes nothing ('-'). An owner named twice takes the stronger mode: greatest(), as '-' < 'k' < 'n'. Plain SQL,
-- inlined into the expression that calls it.
create or replace function ledger_lock_mode_debit(p_floored boolean) returns "char" language sql immutable as $$
  select (case when p_floored then 'n' else '-' end)::"char"
$$;
create or replace function ledger_lock_mode_credit(p_floored boolean, p_customer boolean) returns "char"
language sql immutable as $$
  select (case when p_floored then 'n' when p_customer then 'k' else '-' end)::"char"
$$;

-- Owners needed below the highest one the transaction already holds. Waiting for them in PostgreSQL's queue could
-- close a cycle (we hold a higher owner that someone waits for, in order), so this never queues: it takes them with
-- SKIP LOCKED, polling with backoff for up to about 100 ms (a holder that is not waiting for us is done by then), then
-- gives up with a serialization failure (40001) that withTransaction retries. With no out-of-order wait in any queue,
-- the waits left all go up the one order, and a cycle, so a deadlock (40P01), cannot form.
create or replace function ledger_lock_out_of_order(p_n bigint[], p_k bigint[], p_u bigint[]) returns void language plpgsql
set jit = off set enable_seqscan = off as $$
declare
  v_got int;
  v_want int := cardinality(p_n) + cardinality(p_k) + cardinality(p_u);
  v_slept numeric := 0;
  v_nap numeric := 0.0005;
begin
  loop
    select (select count(*) from (select 1 from ledger_owners where id = any(p_n) order by id
                                    for no key update skip locked) s1)
         + (select count(*) from (select 1 from ledger_owners where id = any(p_k) order by id
                                    for key share skip locked) s2)
         + (select count(*) from (select 1 from ledger_owners where id = any(p_u) order by id
                                    for update skip locked) s3)
      into v_got;
    exit when v_got = v_want;
    if v_slept >= 0.1 then
      raise exception using errcode = '40001',
        message = 'ledger: an owner needed out of lock order stayed busy; the transaction must be retried';
    end if;
    perform pg_sleep(v_nap);
    v_slept := v_slept + v_nap;
    v_nap := least(v_nap * 2, 0.02);
  end loop;
end
$$;

-- Locks owners in one fixed order, so ledger calls cannot deadlock each other: the transaction remembers the highest
-- owner id it has locked (prata.ledger_lock_max, local to it). Owners at or above it are locked in ascending id order,
-- waiting as long as it takes; an owner below it goes through ledger_lock_out_of_order (never a long wait). Modes:
-- 'n' FOR NO KEY UPDATE (lowering a floored balance), 'k' FOR KEY SHARE (crediting a customer), 'u' FOR UPDATE
-- (closing, reopening).
create or replace function ledger_lock_owners(p_ids bigint[], p_modes "char"[]) returns void language plpgsql
set jit = off set enable_seqscan = off as $$
declare
  v_max bigint := coalesce(nullif(current_setting('prata.ledger_lock_max', true), '')::bigint, 0);
  v_run bigint[];
  v_mode "char";
  v_n bigint[]; v_k bigint[]; v_u bigint[];
  v_top bigint;
  r record;
begin
  -- below the mark: free owners only
  select coalesce(array_agg(id) filter (where m = 'n'), '{}'), coalesce(array_agg(id) filter (where m = 'k'), '{}'),
         coalesce(array_agg(id) filter (where m = 'u'), '{}')
    into v_n, v_k, v_u
    from unnest(p_ids, p_modes) u(id, m) where id < v_max;
  if cardinality(v_n) + cardinality(v_k) + cardinality(v_u) > 0 then
    perform ledger_lock_out_of_order(v_n, v_k, v_u);
  end if;
  -- at or above the mark: ascending, one statement per run of one mode (a last empty row ends the last run)
  for r in select id, m from (select id, m from unnest(p_ids, p_modes) u(id, m) where id >= v_max
                              union all select null::bigint, null::"char") s order by id nulls last loop
    if v_run is not null and (r.id is null or v_mode <> r.m) then
      if v_mode = 'n' then
        perform 1 from ledger_owners where id = any(v_run) order by id for no key update;
      elsif v_mode = 'k' then
        perform 1 from ledger_owners where id = any(v_run) order by id for key share;
      else
        perform 1 from ledger_owners where id = any(v_run) order by id for update;
      end if;
      v_top := v_run[cardinality(v_run)];
      v_run := null;
    end if;
    v_mode := r.m;
    if r.id is not null then v_run := v_run || r.id; end if;
  end loop;
  if v_top > v_max then
    perform set_config('prata.ledger_lock_max', v_top::text, true);
  end if;
end
$$;

-- Takes the owner locks of one call in the ledger's one order (see ledger_lock_owners): the owners it lowers (p_n, FOR
-- NO KEY UPDATE) and the customers it credits (p_k, FOR KEY SHARE), together in ascending id order, one statement per
-- run of one mode (a transfer between two customers: two statements), or one statement for them all when the modes
-- alternate more often (a large batch: a statement per run would cost more than the locks); any below the highest
-- owner the transaction already holds through ledger_lock_out_of_order (never queued). Two owners are put in order in
-- PL/pgSQL, more by one sort; an owner named twice is taken once, in its stronger mode.
-- The owners a call locked are noted in prata.ledger_locked (',n12,k15,': mode and id), local to the transaction like
-- the locks themselves (a rolled-back savepoint undoes both); an owner noted already, in the mode asked or a stronger
-- one (ledger_entry after ledger_commands, in the same transaction), is not taken again, and a call whose owners are
-- all noted takes nothing. An owner is noted once: a long transaction's note grows with its owners, not its calls.
create or replace function ledger_lock_call(p_n bigint[], p_k bigint[]) returns void language plpgsql
set jit = off set plan_cache_mode = force_generic_plan set enable_seqscan = off as $$
declare
  v_max bigint := coalesce(nullif(current_setting('prata.ledger_lock_max', true), '')::bigint, 0);
  v_held text := coalesce(nullif(current_setting('prata.ledger_locked', true), ''), ',');
  v_notes text[] := '{}';
  -- every owner asked with its mode, sorted below; those kept at or above the mark; those under it
  v_ids bigint[] := coalesce(p_n, '{}') || coalesce(p_k, '{}');
  v_modes "char"[] := array_fill('n'::"char", array[cardinality(coalesce(p_n, '{}'))])
                      || array_fill('k'::"char", array[cardinality(coalesce(p_k, '{}'))]);
  v_in bigint[] := '{}'; v_in_modes "char"[] := '{}'; v_n_out bigint[] := '{}'; v_k_out bigint[] := '{}';
  v_run bigint[];
  v_mode "char";
  v_owner bigint;
  v_last int := cardinality(v_ids);
  v_runs int;
  v_ignored text;
  i int := 1;
begin
  if v_last = 0 then return; end if;
  -- ascending, and an owner asked in both modes with no key update first ('n' > 'k'): one sort, then one pass that
  -- keeps each owner once by comparing it with the one before (searching the call's own list for every owner would
  -- be quadratic in a large batch); the note of earlier calls is still searched once per owner
  if v_last = 2 then
    if v_ids[2] < v_ids[1] or (v_ids[2] = v_ids[1] and v_modes[2] > v_modes[1]) then
      v_ids := array[v_ids[2], v_ids[1]]; v_modes := array[v_modes[2], v_modes[1]];
    end if;
  elsif v_last > 2 then
    select array_agg(u.id order by u.id, u.m desc), array_agg(u.m order by u.id, u.m desc) into v_ids, v_modes
      from unnest(v_ids, v_modes) as u(id, m);
  end if;
  for j in 1..v_last loop
    v_owner := v_ids[j]; v_mode := v_modes[j];
    -- the same owner again (its stronger mode came first), or noted already in this mode or a stronger one
    continue when (j > 1 and v_owner = v_ids[j - 1])
               or position(',n' || v_owner || ',' in v_held) > 0
               or (v_mode = 'k' and position(',k' || v_owner || ',' in v_held) > 0);
    v_notes := v_notes || (v_mode || v_owner);
    if v_owner >= v_max then v_in := v_in || v_owner; v_in_modes := v_in_modes || v_mode;
    elsif v_mode = 'n' then v_n_out := v_n_out || v_owner;
    else v_k_out := v_k_out || v_owner;
    end if;
  end loop;
  if cardinality(v_notes) = 0 then return; end if;
  if cardinality(v_n_out) + cardinality(v_k_out) > 0 then
    perform ledger_lock_out_of_order(v_n_out, v_k_out, '{}');
  end if;
  v_last := cardinality(v_in);
  v_runs := 0;
  for j in 1..v_last loop
    if j = 1 or v_in_modes[j] <> v_in_modes[j - 1] then v_runs := v_runs + 1; end if;
  end loop;
  if v_runs > 2 then
    -- one statement: the owners in the list's order, each locked by the lateral subquery of its mode as the nested
    -- loop reaches it
    perform 1
       from unnest(v_in, v_in_modes) as u(id, m)
       left join lateral (select 1 from ledger_owners o where o.id = u.id and u.m = 'n' for no key update) ln on true
       left join lateral (select 1 from ledger_owners o where o.id = u.id and u.m = 'k' for key share) lk on true;
    i := v_last + 1;
  end if;
  while i <= v_last loop
    v_mode := v_in_modes[i]; v_run := array[v_in[i]];
    while i < v_last and v_in_modes[i + 1] = v_mode loop
      i := i + 1; v_run := v_run || v_in[i];
    end loop;
    if v_mode = 'n' then
      perform 1 from ledger_owners where id = any(v_run) order by id for no key update;
    else
      perform 1 from ledger_owners where id = any(v_run) order by id for key share;
    end if;
    i := i + 1;
  end loop;
  if v_last > 0 and v_in[v_last] > v_max then
    v_ignored := set_config('prata.ledger_lock_max', v_in[v_last]::text, true);
  end if;
  v_ignored := set_config('prata.ledger_locked', v_held || array_to_string(v_notes, ',') || ',', true);
end
$$;

-- Takes, up front and in order, the owner locks a transaction will need for the debits of its later calls: customers
-- (opened if new) and, with p_house, the house. A transaction that debits several owners in separate calls, in
-- whatever order, never then needs one out of order.
create or replace function ledger_lock_holders(p_user_ids bigint[], p_house boolean) returns void language plpgsql
set jit = off as $$
declare
  v_ids bigint[];
begin
  insert into ledger_owners (code, user_id)
    select 'customer:' || u::text, u from unnest(p_user_ids) u on conflict do nothing;
  select coalesce(array_agg(id order by id), '{}') into v_ids from ledger_owners
   where user_id = any(p_user_ids) or (p_house and code = 'house');
  perform ledger_lock_owners(v_ids, array_fill('n'::"char", array[cardinality(v_ids)]));
end
$$;
