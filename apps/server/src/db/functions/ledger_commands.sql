-- The current definition of ledger_commands: a repeatable migration (db/migrate.ts), applied again whenever this file
-- changes.

-- The ledger's commands (ledger/execute.ts: post, hold, release, capture): one call of the ledger API, a batch of
-- commands, decided one by one, in one statement, so one round trip. It writes nothing itself: what it decided goes
-- to ledger_entry, the one writer, which checks it again (currencies, floors, holds, locks) as it writes.
-- p_cmds is a JSON array, in order, of (ledger/execute.ts EncodedCommand; accounts by code)
--   {"kind":"transfer","id":"...","debit_account":"...","credit_account":"...","amount":<n>,"code":"...",
--    "linked":<bool>?}
--   {"kind":"hold","id":"...","debit_account":"<available>","credit_account":"<held>","amount":<n>,"reason":"...",
--    "reference":"...","linked":...}
--   {"kind":"release","id":"<hold id>","linked":...}
--   {"kind":"capture","id":"<hold id>","parts":[{"credit_account":"...","amount":<n>,"code":"..."}],
--    "remainder_hold_id":"<new hold id>"?,"linked":...}
-- and the answer is an array with one result per command: {"ok":true,"duplicate":bool,...} or
-- {"ok":false,"reason":"insufficient_funds"|"account_closed"|"id_conflict"|"hold_not_found"|"hold_not_open"|
--  "capture_exceeds_hold"|"linked_failed","account":"<code>"?}.
-- Linked commands ("linked": true chains a command to the next; p_atomic chains them all) succeed or fail together.
-- The work, in a few statements whatever the size of the batch: find the accounts (opening a customer's on first use),
-- lock their owners in one fixed order (ledger_lock_call), read the guarded balances, the closed flags, the transfers
-- already posted and the holds' states, decide every command in order in memory (a refused command undoes only
-- itself, or its chain), then hand the transfers and holds decided to ledger_entry.
-- Whole: its numbered steps share some fifty arrays of state (the accounts, their owners, the holds, the legs, the undo
-- log); PL/pgSQL would copy them into every function they were passed to, and each call would pay its own setup, tens
-- of microseconds a ledger call (docs/performance.md, "Ledger"), a lone transfer's too.
create or replace function ledger_commands(p_cmds jsonb, p_atomic boolean) returns jsonb language plpgsql
-- tiny statements whose row estimates (set-returning functions: 1000 rows) would otherwise trigger JIT compilation
set jit = off
-- plan each statement once per session, with the indexes (every statement is a lookup by key; on small tables the
-- planner would otherwise scan them whole)
set plan_cache_mode = force_generic_plan
set enable_seqscan = off as $$
declare
  v_n int := jsonb_array_length(p_cmds);
  v_cmd jsonb; v_kind text; v_id text; v_linked boolean; v_parts jsonb;
  v_codes text[]; v_pos text[]; v_owner_ids bigint[]; v_missing text[]; v_tids text[];
  v_na int; v_no int; v_nh int; v_cnt int; v_got int;
  -- accounts of the call, 1-based in the order one aggregate pass read them
  a_map jsonb;
  a_id bigint[]; a_code text[]; a_cur text[]; a_floor "char"[]; a_oi int[]; a_cust boolean[];
  a_bal bigint[]; a_dr bigint[]; a_cr bigint[];
  -- their owners, 1-based in id order; mode '-' none, 'n' no key update, 'k' key share
  o_id bigint[]; o_cust boolean[]; o_mode "char"[]; o_closed boolean[]; o_moved boolean[];
  -- holds the call mentions, 1-based
  h_map jsonb; h_ids text[];
  h_db boolean[]; h_new boolean[]; h_orig text[]; h_state text[]; h_amt bigint[]; h_av int[]; h_hd int[];
  h_avc text[]; h_hdc text[]; h_reason text[]; h_ref text[]; h_captured bigint[]; h_rest text[];
  -- undo log of hold changes (index, state before, new before)
  u_h int[]; u_state text[]; u_new boolean[];
  -- transfers to write
  l_tid text[]; l_d int[]; l_c int[]; l_amt bigint[]; l_code text[]; l_rep int[];
  -- this command's legs
  c_d int[]; c_c int[]; c_amt bigint[]; c_tid text[]; c_code text[];
  -- what the decisions read: transfers already posted under this call's ids, ids repeated within the call, balances
  v_dups jsonb; v_reps jsonb; rep_at int[]; v_bals jsonb; v_hstates jsonb; v_guard bigint[];
  -- what the write takes
  h_opened ledger_plan_hold[]; h_closed ledger_plan_hold[];
  v_lock_n bigint[]; v_lock_k bigint[]; v_owners_n bigint[] := '{}'; v_owners_k bigint[] := '{}';
  res jsonb[];
  v_res jsonb; v_fail text; v_fail_acct text; v_stored jsonb; v_prev jsonb;
  v_in_chain boolean; v_chain_failed boolean; v_chain_start int; v_chain_legs int; v_chain_undo int;
  i int; j int; k int; kr int; d int; c int; r int; v_amt bigint; v_sum bigint; v_rem bigint; v_rest text;
  v_code text; v_pc text;
  -- one transfer alone: its accounts, their owners and the modes to lock them in
  v_d_id bigint; v_c_id bigint; v_cur text; v_d_owner bigint; v_c_owner bigint; v_d_mode "char"; v_c_mode "char";
begin
  if v_n = 0 then return '[]'::jsonb; end if;

  -- One transfer alone (most calls: a deposit, a withdrawal, a customer's transfer): both accounts, with the modes the
  -- ledger's lock rule gives their owners, and an earlier posting of its id, in one scalar statement; then the writer,
  -- whose own refusals are the answer (a closed owner or a short balance, PR001). No balances to read and no decisions
  -- to keep in memory: the writer reads them under its locks. An account not opened yet goes the general way below.
  if v_n = 1 and p_cmds->0->>'kind' = 'transfer' then
    v_cmd := p_cmds->0; v_id := v_cmd->>'id'; v_amt := (v_cmd->>'amount')::bigint; v_code := v_cmd->>'code';
    select a.id, a.currency, a.owner_id, ledger_lock_mode_debit(a.debits_must_not_exceed_credits),
           b.id, b.owner_id, ledger_lock_mode_credit(b.credits_must_not_exceed_debits, o.user_id is not null),
           (select jsonb_build_array(t.debit_account_id, t.credit_account_id, t.amount, t.code, t.created_at)
              from ledger_transfers t where t.transfer_id = v_id)
      into v_d_id, v_cur, v_d_owner, v_d_mode, v_c_id, v_c_owner, v_c_mode, v_stored
      from ledger_accounts a, ledger_accounts b left join ledger_owners o on o.id = b.owner_id
     where a.code = v_cmd->>'debit_account' and b.code = v_cmd->>'credit_account';
    if v_d_id is not null then
      if v_stored is not null then
        if (v_stored->>0)::bigint = v_d_id and (v_stored->>1)::bigint = v_c_id
           and (v_stored->>2)::bigint = v_amt and v_stored->>3 = v_code then
          return jsonb_build_array(jsonb_build_object('ok', true, 'duplicate', true, 'posted_at', v_stored->4));
        end if;
        return '[{"ok":false,"reason":"id_conflict"}]'::jsonb;
      end if;
      -- one owner on both sides: one lock, the stronger mode
      if v_d_owner = v_c_owner then v_d_mode := greatest(v_d_mode, v_c_mode); v_c_mode := '-'; end if;
      if v_d_mode = 'n' then v_owners_n := array[v_d_owner]; elsif v_d_mode = 'k' then v_owners_k := array[v_d_owner];
      end if;
      if v_c_mode = 'n' then v_owners_n := v_owners_n || v_c_owner;
      elsif v_c_mode = 'k' then v_owners_k := v_owners_k || v_c_owner;
      end if;
      -- the transfer in the debited account's currency: the writer refuses a credit in another one
      begin
        perform ledger_entry(array[row(v_id, v_d_id, v_c_id, v_amt, v_code, v_cur)::ledger_plan_transfer],
                             '{}', '{}', null, v_owners_n, v_owners_k);
      exception
        when unique_violation then
          raise exception using errcode = '40001',
            message = 'ledger: a transfer id was written by a concurrent transaction; the transaction must be retried';
        when sqlstate 'PR001' then
          -- insufficient funds, or a closed owner (the debit's first, as the decisions below answer it)
          get stacked diagnostics v_fail := pg_exception_detail;
          return jsonb_build_array(jsonb_build_object('ok', false, 'reason', v_fail::jsonb->>'reason',
                                                      'account', v_fail::jsonb->>'account'));
      end;
      return jsonb_build_array(jsonb_build_object('ok', true, 'duplicate', false, 'posted_at', now()));
    end if;
  end if;

  -- The general way. Its lists start empty and its chain closed (set here, not where they are declared: the
  -- declarations' values are computed on every call, the one transfer's too).
  v_tids := '{}'; h_map := '{}'; h_ids := '{}'; u_h := '{}'; u_state := '{}'; u_new := '{}'; l_tid := '{}';
  l_d := '{}'; l_c := '{}'; l_amt := '{}'; l_code := '{}'; l_rep := '{}'; v_reps := '{}'; h_opened := '{}';
  h_closed := '{}'; v_lock_n := '{}'; v_lock_k := '{}'; v_in_chain := false; v_chain_failed := false;

  -- 1. The holds mentioned (released, captured, created, or created as a capture's remainder), as stored.
  if jsonb_path_exists(p_cmds, '$[*] ? (@.kind != "transfer")') then
    select coalesce(jsonb_object_agg(t.hid, t.ord), '{}'), coalesce(array_agg(t.hid order by t.ord), '{}'),
           array_agg(h.hold_id is not null order by t.ord), array_agg(coalesce(h.amount, 0) order by t.ord),
           array_agg(h.reason order by t.ord), array_agg(h.reference order by t.ord),
           array_agg(av.code order by t.ord), array_agg(hd.code order by t.ord)
      into h_map, h_ids, h_db, h_amt, h_reason, h_ref, h_avc, h_hdc
      from (select hid, row_number() over (order by min(pos)) as ord
              from (select e->>'id' as hid, pos from jsonb_array_elements(p_cmds) with ordinality x(e, pos)
                     where e->>'kind' <> 'transfer'
                    union all
                    select e->>'remainder_hold_id', pos from jsonb_array_elements(p_cmds) with ordinality x(e, pos)
                     where e->>'kind' = 'capture' and e->>'remainder_hold_id' is not null) s
             group by hid) t
      left join ledger_holds h on h.hold_id = t.hid
      left join ledger_accounts av on av.id = h.available_account_id
      left join ledger_accounts hd on hd.id = h.held_account_id;
  end if;
  v_nh := cardinality(h_ids);
  if v_nh > 0 then
    h_new := array_fill(false, array[v_nh]);
    h_orig := array_fill(null::text, array[v_nh]); h_state := h_orig; h_rest := h_orig;
    h_captured := array_fill(0::bigint, array[v_nh]);
    h_av := array_fill(null::int, array[v_nh]); h_hd := h_av;
  end if;

  -- 2. The accounts (a customer's are opened with the user; opening them here is the fallback for any that are not).
  v_codes := coalesce(h_avc, '{}') || coalesce(h_hdc, '{}');
  for i in 0..v_n - 1 loop
    v_cmd := p_cmds->i;
    if v_cmd ? 'debit_account' then
      -- one element a statement: only `v := v || x` appends in place (two at once copy the list each time)
      v_codes := v_codes || (v_cmd->>'debit_account');
      v_codes := v_codes || (v_cmd->>'credit_account');
    end if;
    if v_cmd->>'kind' = 'capture' then
      v_parts := v_cmd->'parts';
      for j in 0..jsonb_array_length(v_parts) - 1 loop v_codes := v_codes || (v_parts->j->>'credit_account'); end loop;
    end if;
  end loop;
  for attempt in 1..2 loop
    -- one pass: every aggregate of it appends the rows in one order, whatever order that is (PostgreSQL 16 and later
    -- may sort the pass's input for the ordered owners' aggregate), so position k of every array is one account; the
    -- map from code to position is built from the arrays themselves
    select count(*), array_agg(a.id), array_agg(a.code), array_agg(a.currency),
           array_agg((case when a.debits_must_not_exceed_credits then 'd'
                           when a.credits_must_not_exceed_debits then 'c' else 'n' end)::"char"),
           array_agg(a.owner_id), array_agg(o.user_id is not null),
           coalesce(array_agg(distinct a.owner_id order by a.owner_id) filter (where a.owner_id is not null), '{}')
      into v_na, a_id, a_code, a_cur, a_floor, v_owner_ids, a_cust, o_id
      from ledger_accounts a left join ledger_owners o on o.id = a.owner_id
     where a.code = any(v_codes);
    -- in one call: a map grown key by key is copied whole at each key (quadratic in a large batch's accounts)
    v_pos := '{}';
    for k in 1..v_na loop v_pos := v_pos || k::text; end loop;
    a_map := coalesce(jsonb_object(a_code, v_pos), '{}');
    v_missing := '{}';
    foreach v_pc in array v_codes loop
      if not a_map ? v_pc and not v_pc = any(v_missing) then v_missing := v_missing || v_pc; end if;
    end loop;
    exit when cardinality(v_missing) = 0;
    if attempt = 2 or exists (select 1 from unnest(v_missing) x
                               where x !~ '^customer:[1-9][0-9]{0,17}:(available|held):(BRL|AG)$') then
      raise exception 'ledger: unknown account(s) %', array_to_string(v_missing, ', ');
    end if;
    insert into ledger_owners (code, user_id)
      select distinct 'customer:' || split_part(x, ':', 2), split_part(x, ':', 2)::bigint from unnest(v_missing) x
      on conflict do nothing;
    insert into ledger_accounts (currency, kind, code, owner_user_id, owner_id, debits_must_not_exceed_credits)
      select cur, 'liability', 'customer:' || o.user_id::text || ':' || b || ':' || cur, o.user_id, o.id, true
        from ledger_owners o, (values ('available'), ('held')) bb(b), (values ('BRL'), ('AG')) cc(cur)
       where o.user_id = any(array(select split_part(x, ':', 2)::bigint from unnest(v_missing) x))
      on conflict (code) do nothing;
  end loop;
  v_no := cardinality(o_id);
  o_mode := array_fill('-'::"char", array[greatest(v_no, 1)]);
  o_cust := array_fill(false, array[greatest(v_no, 1)]);
  a_oi := array_fill(null::int, array[v_na]);
  for k in 1..v_na loop
    a_oi[k] := array_position(o_id, v_owner_ids[k]);
    if a_oi[k] is not null then o_cust[a_oi[k]] := a_cust[k]; end if;
  end loop;
  for k in 1..v_nh loop
    if h_db[k] then h_av[k] := (a_map->>h_avc[k])::int; h_hd[k] := (a_map->>h_hdc[k])::int; end if;
  end loop;

  -- 3. Which owners to lock, and how: lowering a floored balance (a debit of a customer, the house or unclaimed, a
  -- credit of the vault) locks its owner for no key update; a credit to a customer takes key share (closing waits).
  for i in 1..v_n loop
    v_cmd := p_cmds->(i-1); v_kind := v_cmd->>'kind';
    if v_kind = 'transfer' or v_kind = 'hold' then
      d := (a_map->>(v_cmd->>'debit_account'))::int; c := (a_map->>(v_cmd->>'credit_account'))::int;
      if a_cur[d] <> a_cur[c] then
        raise exception 'ledger: % and % are in different currencies', a_code[d], a_code[c];
      end if;
      if a_oi[d] is not null then
        o_mode[a_oi[d]] := greatest(o_mode[a_oi[d]], ledger_lock_mode_debit(a_floor[d] = 'd'));
      end if;
      if a_oi[c] is not null then
        o_mode[a_oi[c]] := greatest(o_mode[a_oi[c]], ledger_lock_mode_credit(a_floor[c] = 'c', o_cust[a_oi[c]]));
      end if;
      if v_kind = 'transfer' then v_tids := v_tids || (v_cmd->>'id'); end if;
    else
      k := (h_map->>(v_cmd->>'id'))::int;
      if h_db[k] then o_mode[a_oi[h_av[k]]] := 'n'; end if;
      if v_kind = 'capture' then
        v_parts := v_cmd->'parts';
        for j in 0..jsonb_array_length(v_parts) - 1 loop
          c := (a_map->>(v_parts->j->>'credit_account'))::int;
          if a_oi[c] is not null then
            o_mode[a_oi[c]] := greatest(o_mode[a_oi[c]], ledger_lock_mode_credit(a_floor[c] = 'c', o_cust[a_oi[c]]));
          end if;
        end loop;
      end if;
    end if;
  end loop;

  -- the owners to lock, by mode
  for k in 1..v_no loop
    if o_mode[k] = 'n' then v_owners_n := v_owners_n || o_id[k];
    elsif o_mode[k] = 'k' then v_owners_k := v_owners_k || o_id[k];
    end if;
  end loop;

  -- 4. Lock, in one fixed order (ledger_lock_call).
  perform ledger_lock_call(v_owners_n, v_owners_k);

  -- 5. Read, now that the owners are ours: closed flags, balances on the guarded side (ledger_account_balance) of the accounts
  -- whose owner is locked for no key update, transfers already posted under these ids, the holds' states.
  v_guard := '{}';
  for k in 1..v_na loop
    if a_oi[k] is not null and o_mode[a_oi[k]] = 'n' then v_guard := v_guard || a_id[k]; end if;
  end loop;
  select (select coalesce(array_agg(o.closed_at is not null order by o.id), '{}')
            from ledger_owners o where o.id = any(o_id)),
         (select coalesce(jsonb_object_agg(a.id::text, b.net_credits), '{}')
            from ledger_accounts a cross join lateral ledger_account_balance(a) b where a.id = any(v_guard)),
         (select coalesce(jsonb_object_agg(t.transfer_id, jsonb_build_array(t.debit_account_id, t.credit_account_id,
                                                                              t.amount, t.code, t.created_at)), '{}')
            from ledger_transfers t where t.transfer_id = any(v_tids)),
         (select coalesce(jsonb_object_agg(h.hold_id, jsonb_build_array(h.state, h.captured_amount,
                                                                          h.remainder_hold_id)), '{}')
            from ledger_holds h where h.hold_id = any(h_ids))
    into o_closed, v_bals, v_dups, v_hstates;
  a_bal := array_fill(0::bigint, array[v_na]); a_dr := a_bal; a_cr := a_bal;
  for k in 1..v_na loop
    v_prev := v_bals->(a_id[k]::text);
    continue when v_prev is null;
    a_bal[k] := case when a_floor[k] = 'c' then -(v_prev::bigint) else v_prev::bigint end;
  end loop;
  for k in 1..v_nh loop
    v_prev := v_hstates->h_ids[k];
    continue when v_prev is null;
    h_state[k] := v_prev->>0; h_orig[k] := h_state[k];
    h_captured[k] := coalesce((v_prev->>1)::bigint, 0); h_rest[k] := v_prev->>2;
  end loop;
  if cardinality(v_tids) > 1 then
    select coalesce(jsonb_object_agg(x, n), '{}') into v_reps
      from (select x, row_number() over () as n from unnest(v_tids) x group by x having count(*) > 1) s;
    rep_at := array_fill(0, array[greatest((select count(*) from jsonb_object_keys(v_reps))::int, 1)]);
  end if;

  -- 6. Decide each command in order, each transfer against the balances the ones before it left.
  res := array_fill(null::jsonb, array[v_n]);
  for i in 1..v_n loop
    v_cmd := p_cmds->(i-1); v_kind := v_cmd->>'kind'; v_id := v_cmd->>'id';
    v_linked := (p_atomic and i < v_n) or coalesce((v_cmd->>'linked')::boolean, false);
    if not v_in_chain then
      v_in_chain := true; v_chain_failed := false; v_chain_start := i;
      v_chain_legs := cardinality(l_tid); v_chain_undo := cardinality(u_h);
    end if;
    if v_chain_failed then
      res[i] := '{"ok":false,"reason":"linked_failed"}';
    else
      v_fail := null; v_fail_acct := null; v_res := null;
      c_d := '{}'; c_c := '{}'; c_amt := '{}'; c_tid := '{}'; c_code := '{}';
      r := null;
      if v_kind = 'transfer' then
        d := (a_map->>(v_cmd->>'debit_account'))::int; c := (a_map->>(v_cmd->>'credit_account'))::int;
        v_amt := (v_cmd->>'amount')::bigint; v_code := v_cmd->>'code';
        v_stored := v_dups->v_id;
        r := (v_reps->>v_id)::int;
        if v_stored is null and r is not null and rep_at[r] > 0 then
          v_prev := p_cmds->(rep_at[r]-1);
          v_stored := jsonb_build_array(a_id[(a_map->>(v_prev->>'debit_account'))::int],
                                        a_id[(a_map->>(v_prev->>'credit_account'))::int],
                                        (v_prev->>'amount')::bigint, v_prev->>'code', now());
        end if;
        if v_stored is not null then
          if (v_stored->>0)::bigint = a_id[d] and (v_stored->>1)::bigint = a_id[c]
             and (v_stored->>2)::bigint = v_amt and v_stored->>3 = v_code then
            v_res := jsonb_build_object('ok', true, 'duplicate', true, 'posted_at', v_stored->4);
          else
            v_fail := 'id_conflict';
          end if;
          r := null;
        elsif a_oi[d] is not null and o_closed[a_oi[d]] then
          v_fail := 'account_closed'; v_fail_acct := a_code[d];
        elsif a_oi[c] is not null and o_closed[a_oi[c]] then
          v_fail := 'account_closed'; v_fail_acct := a_code[c];
        else
          c_d := array[d]; c_c := array[c]; c_amt := array[v_amt]; c_tid := array[v_id]; c_code := array[v_code];
          v_res := jsonb_build_object('ok', true, 'duplicate', false, 'posted_at', now());
        end if;
      elsif v_kind = 'hold' then
        k := (h_map->>v_id)::int;
        d := (a_map->>(v_cmd->>'debit_account'))::int; c := (a_map->>(v_cmd->>'credit_account'))::int;
        v_amt := (v_cmd->>'amount')::bigint;
        if h_db[k] or h_new[k] then
          if h_av[k] = d and h_hd[k] = c and h_amt[k] = v_amt and h_reason[k] = v_cmd->>'reason'
             and h_ref[k] = v_cmd->>'reference' then
            v_res := jsonb_build_object('ok', true, 'duplicate', true, 'state', h_state[k]);
          else
            v_fail := 'id_conflict';
          end if;
        elsif o_closed[a_oi[d]] then
          v_fail := 'account_closed'; v_fail_acct := a_code[d];
        else
          c_d := array[d]; c_c := array[c]; c_amt := array[v_amt]; c_tid := array[v_id || '#hold'];
          c_code := array['hold'];
          v_res := jsonb_build_object('ok', true, 'duplicate', false, 'state', 'held');
        end if;
      elsif v_kind = 'release' then
        k := (h_map->>v_id)::int;
        if not (h_db[k] or h_new[k]) then
          v_fail := 'hold_not_found';
        elsif h_state[k] = 'released' then
          v_res := jsonb_build_object('ok', true, 'duplicate', true, 'state', 'released', 'released', h_amt[k]);
        elsif h_state[k] <> 'held' then
          v_fail := 'hold_not_open';
        else
          c_d := array[h_hd[k]]; c_c := array[h_av[k]]; c_amt := array[h_amt[k]];
          c_tid := array[v_id || '#release']; c_code := array['release'];
          v_res := jsonb_build_object('ok', true, 'duplicate', false, 'state', 'released', 'released', h_amt[k]);
        end if;
      else -- 'capture'
        k := (h_map->>v_id)::int;
        v_rest := v_cmd->>'remainder_hold_id';
        if not (h_db[k] or h_new[k]) then
          v_fail := 'hold_not_found';
        elsif h_state[k] = 'captured' then
          v_res := jsonb_build_object('ok', true, 'duplicate', true, 'state', 'captured', 'captured', h_captured[k],
                                      'released', case when h_rest[k] is null then h_amt[k] - h_captured[k] else 0 end,
                                      'remainder_hold_id', h_rest[k]);
        elsif h_state[k] <> 'held' then
          v_fail := 'hold_not_open';
        else
          v_sum := 0;
          v_parts := v_cmd->'parts';
          for j in 0..jsonb_array_length(v_parts) - 1 loop
            v_pc := v_parts->j->>'credit_account'; c := (a_map->>v_pc)::int; v_amt := (v_parts->j->>'amount')::bigint;
            if a_cur[c] <> a_cur[h_hd[k]] then
              raise exception 'ledger: % and % are in different currencies', a_code[h_hd[k]], a_code[c];
            end if;
            if v_fail is null and a_oi[c] is not null and o_closed[a_oi[c]] then
              v_fail := 'account_closed'; v_fail_acct := a_code[c];
            end if;
            v_sum := v_sum + v_amt;
            c_d := c_d || h_hd[k]; c_c := c_c || c; c_amt := c_amt || v_amt;
            c_tid := c_tid || (v_id || '#capture.' || (j + 1)::text); c_code := c_code || (v_parts->j->>'code');
          end loop;
          v_rem := h_amt[k] - v_sum;
          if v_fail is null and v_rem < 0 then
            v_fail := 'capture_exceeds_hold';
          end if;
          if v_fail is null and v_rest is not null and v_rem > 0 then
            kr := (h_map->>v_rest)::int;
            if h_db[kr] or h_new[kr] then v_fail := 'id_conflict'; end if;
          end if;
          if v_fail is null then
            if v_rem > 0 and v_rest is null then
              c_d := c_d || h_hd[k]; c_c := c_c || h_av[k]; c_amt := c_amt || v_rem;
              c_tid := c_tid || (v_id || '#release'); c_code := c_code || 'release'::text;
            end if;
            v_res := jsonb_build_object('ok', true, 'duplicate', false, 'state', 'captured', 'captured', v_sum,
                                        'released', case when v_rest is null then v_rem else 0 end,
                                        'remainder_hold_id', case when v_rest is not null and v_rem > 0
                                                                  then v_rest end);
          else
            c_d := '{}'; c_c := '{}'; c_amt := '{}'; c_tid := '{}'; c_code := '{}';
          end if;
        end if;
      end if;

      -- the command's transfers, in order
      if v_fail is null then
        for j in 1..cardinality(c_d) loop
          d := c_d[j]; c := c_c[j]; v_amt := c_amt[j];
          if a_floor[d] = 'd' and a_bal[d] < v_amt then
            v_fail := 'insufficient_funds'; v_fail_acct := a_code[d]; exit;
          end if;
          if a_floor[c] = 'c' and a_bal[c] < v_amt then
            v_fail := 'insufficient_funds'; v_fail_acct := a_code[c]; exit;
          end if;
          a_dr[d] := a_dr[d] + v_amt; a_cr[c] := a_cr[c] + v_amt;
          if a_floor[d] = 'd' then a_bal[d] := a_bal[d] - v_amt; elsif a_floor[d] = 'c' then a_bal[d] := a_bal[d] + v_amt; end if;
          if a_floor[c] = 'd' then a_bal[c] := a_bal[c] + v_amt; elsif a_floor[c] = 'c' then a_bal[c] := a_bal[c] - v_amt; end if;
          l_tid := l_tid || c_tid[j]; l_d := l_d || d; l_c := l_c || c; l_amt := l_amt || v_amt;
          l_code := l_code || c_code[j]; l_rep := l_rep || coalesce(r, 0);
        end loop;
      end if;

      if v_fail is null then
        -- the command's effect on holds, logged so that a failing chain can undo it
        if r is not null then rep_at[r] := i; end if;
        if not (v_res->>'duplicate')::boolean then
          if v_kind = 'hold' then
            u_h := u_h || k; u_state := u_state || h_state[k]; u_new := u_new || h_new[k];
            h_new[k] := true; h_state[k] := 'held'; h_av[k] := d; h_hd[k] := c; h_amt[k] := v_amt;
            h_reason[k] := v_cmd->>'reason'; h_ref[k] := v_cmd->>'reference';
          elsif v_kind = 'release' then
            u_h := u_h || k; u_state := u_state || h_state[k]; u_new := u_new || h_new[k];
            h_state[k] := 'released';
          elsif v_kind = 'capture' then
            u_h := u_h || k; u_state := u_state || h_state[k]; u_new := u_new || h_new[k];
            h_state[k] := 'captured'; h_captured[k] := v_sum;
            h_rest[k] := case when v_rest is not null and v_rem > 0 then v_rest end;
            if v_rest is not null and v_rem > 0 then
              u_h := u_h || kr; u_state := u_state || h_state[kr]; u_new := u_new || h_new[kr];
              h_new[kr] := true; h_state[kr] := 'held'; h_av[kr] := h_av[k]; h_hd[kr] := h_hd[k];
              h_amt[kr] := v_rem; h_reason[kr] := h_reason[k]; h_ref[kr] := h_ref[k];
            end if;
          end if;
        end if;
        res[i] := v_res;
      else
        -- undo the chain so far (just this command when it stands alone), newest first
        for j in reverse cardinality(l_tid)..v_chain_legs + 1 loop
          d := l_d[j]; c := l_c[j]; v_amt := l_amt[j];
          a_dr[d] := a_dr[d] - v_amt; a_cr[c] := a_cr[c] - v_amt;
          if a_floor[d] = 'd' then a_bal[d] := a_bal[d] + v_amt; elsif a_floor[d] = 'c' then a_bal[d] := a_bal[d] - v_amt; end if;
          if a_floor[c] = 'd' then a_bal[c] := a_bal[c] - v_amt; elsif a_floor[c] = 'c' then a_bal[c] := a_bal[c] + v_amt; end if;
          if l_rep[j] > 0 then rep_at[l_rep[j]] := 0; end if;
        end loop;
        -- cut only what the chain added (a slice copies the whole list: a batch of many refusals would be quadratic)
        if cardinality(l_tid) > v_chain_legs then
          l_tid := l_tid[1:v_chain_legs]; l_d := l_d[1:v_chain_legs]; l_c := l_c[1:v_chain_legs];
          l_amt := l_amt[1:v_chain_legs]; l_code := l_code[1:v_chain_legs]; l_rep := l_rep[1:v_chain_legs];
        end if;
        for j in reverse cardinality(u_h)..v_chain_undo + 1 loop
          h_state[u_h[j]] := u_state[j]; h_new[u_h[j]] := u_new[j];
        end loop;
        if cardinality(u_h) > v_chain_undo then
          u_h := u_h[1:v_chain_undo]; u_state := u_state[1:v_chain_undo]; u_new := u_new[1:v_chain_undo];
        end if;
        for j in v_chain_start..i - 1 loop
          res[j] := '{"ok":false,"reason":"linked_failed"}';
        end loop;
        res[i] := jsonb_build_object('ok', false, 'reason', v_fail)
                  || case when v_fail_acct is null then '{}'::jsonb else jsonb_build_object('account', v_fail_acct) end;
        v_chain_failed := i > v_chain_start or v_linked;
      end if;
    end if;
    if not v_linked then v_in_chain := false; end if;
  end loop;

  -- 7. Write, through ledger_entry: the transfers (the balances it derives from them), the holds opened and the holds
  -- closed. Only the owners of accounts it moves are passed on as locked (a refused command's closed owner writes
  -- nothing).
  o_moved := array_fill(false, array[greatest(v_no, 1)]);
  for k in 1..v_na loop
    if a_oi[k] is not null and (a_dr[k] <> 0 or a_cr[k] <> 0) then o_moved[a_oi[k]] := true; end if;
  end loop;
  for k in 1..v_no loop
    continue when not o_moved[k];
    if o_mode[k] = 'n' then v_lock_n := v_lock_n || o_id[k];
    elsif o_mode[k] = 'k' then v_lock_k := v_lock_k || o_id[k];
    end if;
  end loop;
  for k in 1..v_nh loop
    if h_new[k] then
      h_opened := h_opened || row(h_ids[k], o_id[a_oi[h_av[k]]], a_id[h_av[k]], a_id[h_hd[k]], a_cur[h_av[k]],
                                  h_amt[k], h_reason[k], h_ref[k], h_state[k],
                                  case when h_state[k] = 'captured' then h_captured[k] end,
                                  case when h_state[k] = 'captured' then h_rest[k] end)::ledger_plan_hold;
    elsif h_db[k] and h_state[k] is distinct from h_orig[k] then
      h_closed := h_closed || row(h_ids[k], null, a_id[h_av[k]], a_id[h_hd[k]], a_cur[h_av[k]], h_amt[k],
                                  h_reason[k], h_ref[k], h_state[k],
                                  case when h_state[k] = 'captured' then h_captured[k] end,
                                  case when h_state[k] = 'captured' then h_rest[k] end)::ledger_plan_hold;
    end if;
  end loop;
  if cardinality(l_tid) + cardinality(h_opened) + cardinality(h_closed) > 0 then
    begin
      perform ledger_entry(
        array(select row(u.t, a_id[u.d], a_id[u.c], u.amt, u.code, a_cur[u.d])::ledger_plan_transfer
                from unnest(l_tid, l_d, l_c, l_amt, l_code) with ordinality u(t, d, c, amt, code, n) order by u.n),
        h_opened, h_closed, null, v_lock_n, v_lock_k);
    exception when unique_violation then
      raise exception using errcode = '40001',
        message = 'ledger: a transfer or hold id was written by a concurrent transaction; the transaction must be retried';
    end;
  end if;
  return to_jsonb(res);
end
$$;
