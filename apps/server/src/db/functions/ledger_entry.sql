-- The current definition of ledger_entry: a repeatable migration (db/migrate.ts), applied again whenever this file
-- changes.
--
-- The one writer of the ledger, as TigerBeetle has one create_transfers: every row of ledger_transfers,
-- ledger_holds and ledger_balance_deltas, and every change of an account's posted totals, is written here (docs/ledger.md,
-- "One entry"). Its callers: ledger_commands (ledger/execute.ts: post, hold, release, capture, decided command by
-- command) and orders_apply_batch (the order book's planned batch, ledger/plan.ts and plan-resolve.ts).
--
-- It takes a batch of transfers (p_transfers), the holds it opens (p_holds_opened) and closes (p_holds_closed), the
-- accounts as the caller knows them (p_accounts: id, code, owner; null when the caller read them in this transaction)
-- and the owners to lock for no key update (p_lock_no_key_update) and key share (p_lock_key_share). The locks are taken
-- as asked, in the ledger's one order (ledger_lock_call); nothing else is trusted. In one statement under the locks it
-- derives each account's debits and credits from the transfers (grouped by account) with the account's facts and,
-- where the batch lowers a floored balance, that balance as the batch leaves it (ledger_account_balance + the batch), and
-- checks that every transfer moves a positive amount between two accounts, that both exist and hold its currency,
-- that the locks cover every owner whose floored balance goes down or whose customer account is credited, that held
-- accounts move only through their holds, whether an owner moved is closed and whether a floored balance goes below
-- zero. When the caller names its accounts, every account moved must be one of them, as the caller knows it (else
-- PR002: the caller reads its accounts again and retries); when the batch opens or closes holds, every hold's
-- transfers must move exactly its amount. A batch that does not match raises PR003 ("ledger plan: ...", the first
-- mismatch in the message) and writes nothing: a bug of the caller, never a customer's refusal. PR001 is a refusal
-- (insufficient funds, a closed account), with its reason and account in the error's detail. The totals it writes
-- are the ones it derived: in place where this call holds the owner for no key update (folding the account's
-- deltas), as a delta row elsewhere.
--
-- The records' types: ledger_plan_transfer (id, debit_account_id, credit_account_id, amount, code, currency),
-- ledger_plan_hold (id, owner_id, available_account_id, held_account_id, currency, amount, reason, reference, state,
-- captured_amount, remainder_hold_id), ledger_plan_account (id, code, owner_id) and, for what it derives,
-- ledger_entry_account (migration 0056). A record is read by position: every unnest below names its columns itself.
-- The signature with the caller's totals is dropped first: create or replace cannot change parameters.
drop function if exists ledger_entry(ledger_plan_transfer[], ledger_plan_hold[], ledger_plan_hold[],
                                     ledger_plan_account[], bigint[], bigint[], bigint[], bigint[], bigint[], bigint[],
                                     bigint[], bigint[]);
-- Whole: its five steps read one derived list of accounts (d) and the first problem of each class; a function per
-- step would take its own copy of the list and its own setup on every ledger call, and the checks could no longer
-- stand beside the write they guard.
create or replace function ledger_entry(p_transfers ledger_plan_transfer[],
                                        p_holds_opened ledger_plan_hold[], p_holds_closed ledger_plan_hold[],
                                        p_accounts ledger_plan_account[],
                                        p_lock_no_key_update bigint[], p_lock_key_share bigint[])
returns void language plpgsql
set jit = off set plan_cache_mode = force_generic_plan set enable_seqscan = off set enable_hashjoin = off
set enable_mergejoin = off as $$
declare
  v_balances_written int; v_transfers_written int; v_holds_opened int; v_holds_closed int; v_moved int;
  v_bad text; v_stale text; v_outside text; v_closed text; v_short text; v_stepped boolean; v_setting text;
  -- each account the transfers and holds touch, derived from them (ledger_entry_account: what it moves, its fixed
  -- facts, and whether the batch leaves its floored balance below zero)
  d ledger_entry_account[];
begin
  -- 1. Lock, in the ledger's one order, the owners the caller names: step 2 refuses a plan whose locks do not cover
  -- what its transfers need, so the balances it reads are this transaction's own until it commits (under an owner's
  -- no key update lock only it can lower them; others' credits only raise them).
  perform ledger_lock_call(p_lock_no_key_update, p_lock_key_share);

  -- 2. Each account's change, derived from the transfers (each transfer a debit row and a credit row, grouped by
  -- account), with the account's fixed facts and, where the batch lowers a floored balance, that balance as the batch
  -- leaves it; the holds' accounts too (with nothing moved: their currency and owner are checked with the others').
  -- One record per account, one aggregate; in the same pass the plan's first problem of each class, and the
  -- refusals: an owner moved that is closed (its row as locked is its latest version; the debited first), an account
  -- left short.
  select coalesce(array_agg(row(s.id, s.dr, s.cr, s.ok, s.code, s.owner_id, s.floor, s.cust, s.bucket, s.short)
                            ::ledger_entry_account), '{}'),
         coalesce(bool_or(s.stepped), false), count(*) filter (where s.dr > 0 or s.cr > 0),
         coalesce(
           min('transfer ' || s.bad_transfer || ' not positive, or one account twice'),
           min('account ' || s.id || ' does not exist or is not in the currency of its transfers or holds')
             filter (where not s.ok),
           min('owner ' || coalesce(s.owner_id::text, 'none') || ' of account ' || s.id
               || ' is not locked as it must be') filter (where s.unlocked),
           -- a held account moves only through its holds: out by a release or a capture, in by a hold (each step's
           -- accounts are checked against its hold below)
           min('account ' || s.id || ' is a held account moved outside a hold') filter (where s.bucket = 'x')),
         coalesce(min(s.code) filter (where s.closed and s.dr > 0), min(s.code) filter (where s.closed)),
         min(s.code) filter (where s.short)
    into d, v_stepped, v_moved, v_bad, v_closed, v_short
    from (select g.id, g.dr, g.cr, g.stepped, g.bad_transfer,
                 a.id is not null and a.currency = g.cur1 and a.currency = g.cur2 as ok, a.code, a.owner_id,
                 (case when a.debits_must_not_exceed_credits then 'd' when a.credits_must_not_exceed_debits then 'c'
                       else 'n' end)::"char" as floor,
                 coalesce(a.code like 'customer:%', false) as cust,
                 (case when a.code like '%:held:%' then (case when g.via_hold then 'h' else 'x' end)
                       when a.code like '%:available:%' then 'a' else '-' end)::"char" as bucket,
                 -- the balance read only where the batch lowers a floor: an account without one (a clearing
                 -- account every deposit credits) may hold thousands of deltas between two folds
                 case when a.debits_must_not_exceed_credits and g.dr > 0
                        then (select b.net_credits from ledger_account_balance(a) b) + g.cr - g.dr < 0
                      when a.credits_must_not_exceed_debits and g.cr > 0
                        then (select b.net_credits from ledger_account_balance(a) b) + g.cr - g.dr > 0
                      else false end as short,
                 ((a.debits_must_not_exceed_credits and g.dr > 0) or (a.credits_must_not_exceed_debits and g.cr > 0))
                   and not coalesce(a.owner_id = any(p_lock_no_key_update), false)
                 or (a.code like 'customer:%' and g.cr > 0
                     and not coalesce(a.owner_id = any(p_lock_no_key_update)
                                      or a.owner_id = any(p_lock_key_share), false)) as unlocked,
                 (g.dr > 0 or g.cr > 0) and a.owner_id is not null
                   and (select o.closed_at is not null from ledger_owners o where o.id = a.owner_id) as closed
            from (select l.id, sum(l.dr)::bigint as dr, sum(l.cr)::bigint as cr, min(l.currency) as cur1,
                         max(l.currency) as cur2, bool_and(l.via_hold) as via_hold, bool_or(l.stepped) as stepped,
                         min(l.bad_transfer) as bad_transfer
                    from (select l.*
                            from unnest(p_transfers) as x(id, debit_account_id, credit_account_id, amount, code, currency)
                            cross join lateral (
                              values (x.debit_account_id, x.amount, 0::bigint, x.currency,
                                      x.id like '%#release' or x.id like '%#capture.%', position('#' in x.id) > 0,
                                      case when x.amount is null or x.amount <= 0
                                                or x.debit_account_id = x.credit_account_id
                                           then x.id || ': amount ' || coalesce(x.amount::text, 'null') end),
                                     (x.credit_account_id, 0::bigint, x.amount, x.currency, x.id like '%#hold', false,
                                      null)) as l(id, dr, cr, currency, via_hold, stepped, bad_transfer)
                          union all
                          select k.acc, 0::bigint, 0::bigint, h.currency, true, false, null
                            from unnest(p_holds_opened || p_holds_closed)
                                 as h(id, owner_id, available_account_id, held_account_id, currency, amount, reason,
                                      reference, state, captured_amount, remainder_hold_id)
                            cross join lateral (values (h.available_account_id), (h.held_account_id)) as k(acc)) l
                   group by l.id) g
            left join ledger_accounts a on a.id = g.id
          -- kept a subquery (not pulled up into the aggregate): each of its columns is computed once per account, where
          -- the aggregate's uses of closed and short would otherwise run their subqueries once per use
          offset 0) s;

  -- 3. The accounts as the caller knows them, only when it names them (PR002 first: the caller reads its accounts
  -- again); then the holds, only when the batch opens or closes one or a transfer names a hold's step (most calls move
  -- money without holds, and a statement's cost is mostly its size). Only lists of the call are joined here, so hash
  -- joins (a nested loop over two lists of a few hundred rows is quadratic); reset after them.
  if p_accounts is not null or v_stepped or cardinality(p_holds_opened) + cardinality(p_holds_closed) > 0 then
    v_setting := set_config('enable_hashjoin', 'on', true);
  end if;
  if p_accounts is not null then
    with dv as (select * from unnest(d) as u(id, dr, cr, ok, code, owner, floor, cust, bucket, short))
    select
      (select 'accounts not as the caller knows them'
         from unnest(p_accounts) as x(id, code, owner_id)
         join dv on dv.id = x.id
        where dv.code is distinct from x.code or dv.owner is distinct from x.owner_id limit 1),
      (select 'account ' || dv.id || ' is moved but is not among the plan''s accounts'
         from dv
         left join unnest(p_accounts) as x(id, code, owner_id) on x.id = dv.id
        where x.id is null limit 1)
      into v_stale, v_outside;
    if v_stale is not null then
      raise exception 'ledger plan: %', v_stale using errcode = 'PR002',
        hint = 'the batch does not match the transfers it writes; nothing was written';
    end if;
  end if;
  -- the holds: each step names a hold the batch opens or closes, and each hold moves exactly its amount
  if v_bad is null and (v_stepped or cardinality(p_holds_opened) + cardinality(p_holds_closed) > 0) then
    with dv as (
      select u.id, u.owner, u.bucket from unnest(d) as u(id, dr, cr, ok, code, owner, floor, cust, bucket, short)),
    tr as (
      select x.*, split_part(x.id, '#', 1) as hid, split_part(x.id, '#', 2) as kind,
             position('#' in x.id) > 0 as of_hold
        from unnest(p_transfers) as x(id, debit_account_id, credit_account_id, amount, code, currency)),
    holds as (
      select h.id, h.available_account_id, h.held_account_id, h.currency, h.amount, h.state, h.captured_amount,
             h.remainder_hold_id, h.reason, h.reference, true as fresh, h.owner_id
        from unnest(p_holds_opened) as h(id, owner_id, available_account_id, held_account_id, currency, amount, reason,
                                         reference, state, captured_amount, remainder_hold_id)
      union all
      select h.id, h.available_account_id, h.held_account_id, h.currency, h.amount, h.state, h.captured_amount,
             h.remainder_hold_id, h.reason, h.reference, false, null
        from unnest(p_holds_closed) as h(id, owner_id, available_account_id, held_account_id, currency, amount, reason,
                                         reference, state, captured_amount, remainder_hold_id)),
    moved as (
      select tr.hid,
             count(*) filter (where tr.kind = 'hold') as n_hold,
             coalesce(sum(tr.amount) filter (where tr.kind = 'hold'), 0) as hold_a,
             count(*) filter (where tr.kind = 'release') as n_release,
             coalesce(sum(tr.amount) filter (where tr.kind = 'release'), 0) as release_a,
             count(*) filter (where tr.kind like 'capture.%') as n_capture,
             coalesce(sum(tr.amount) filter (where tr.kind like 'capture.%'), 0) as capture_a,
             bool_and(tr.kind in ('hold', 'release') or tr.kind like 'capture.%') as kinds_ok,
             min(tr.debit_account_id) filter (where tr.kind <> 'hold') as out_d1,
             max(tr.debit_account_id) filter (where tr.kind <> 'hold') as out_d2,
             min(tr.debit_account_id) filter (where tr.kind = 'hold') as hold_d,
             min(tr.credit_account_id) filter (where tr.kind = 'hold') as hold_c,
             min(tr.credit_account_id) filter (where tr.kind = 'release') as release_c,
             min(tr.currency) as cur1, max(tr.currency) as cur2
        from tr where tr.of_hold group by tr.hid),
    -- each hold with what its transfers moved, what it would leave to a remainder, and its accounts' facts
    hm as (
      select h.*, coalesce(m.n_hold, 0) as n_hold, coalesce(m.hold_a, 0) as hold_a,
             coalesce(m.n_release, 0) as n_release, coalesce(m.release_a, 0) as release_a,
             coalesce(m.n_capture, 0) as n_capture, coalesce(m.capture_a, 0) as capture_a,
             m.hid is not null as has_moves, m.out_d1, m.out_d2, m.hold_d, m.hold_c, m.release_c, m.cur1, m.cur2,
             av.owner as av_owner, av.bucket as av_bucket, hd.owner as hd_owner, hd.bucket as hd_bucket
        from holds h
        left join moved m on m.hid = h.id
        left join dv av on av.id = h.available_account_id
        left join dv hd on hd.id = h.held_account_id),
    -- the remainders: each kept by the capture that names it
    parents as (
      select hm.remainder_hold_id as id, count(*) as n, min(hm.amount - hm.capture_a - hm.release_a) as left_a,
             bool_and(hm.state = 'captured') as captured, min(hm.available_account_id) as av1,
             max(hm.available_account_id) as av2, min(hm.held_account_id) as hd1, max(hm.held_account_id) as hd2,
             min(hm.currency) as cur1, max(hm.currency) as cur2, min(hm.reason) as reason1, max(hm.reason) as reason2,
             min(hm.reference) as ref1, max(hm.reference) as ref2
        from hm where hm.remainder_hold_id is not null group by hm.remainder_hold_id)
    select problems.p into v_bad from (
      (select 'transfer ' || m.hid || '#...: names a hold the batch neither opens nor closes, or an unknown step' as p
         from moved m
         left join holds h on h.id = m.hid
        where not m.kinds_ok or h.id is null limit 1)
      union all
      (select 'hold ' || h.id || ': its accounts are not one owner''s available and held accounts in ' || h.currency
         from hm h
        where h.av_owner is null or h.av_owner is distinct from h.hd_owner
           or (h.fresh and h.av_owner is distinct from h.owner_id)
           or h.av_bucket is distinct from 'a' or h.hd_bucket not in ('h', 'x')
        limit 1)
      union all
      (select 'hold ' || h.id || ': its transfers do not move its amount ' || coalesce(h.amount::text, 'null')
         from hm h
         left join parents p on p.id = h.id
        where h.amount is null or h.amount <= 0
           -- opened here: one '#hold' transfer of its amount from available to held, unless it is a capture's remainder
           -- (then exactly the rest of that capture, between the same accounts, for the same reason and reference)
           or (h.fresh and not (
                 (h.n_hold = 1 and h.hold_a = h.amount and h.hold_d = h.available_account_id
                  and h.hold_c = h.held_account_id and p.id is null)
                 or (h.n_hold = 0 and p.n = 1 and p.captured and p.left_a = h.amount
                     and p.av1 = h.available_account_id and p.av2 = h.available_account_id
                     and p.hd1 = h.held_account_id and p.hd2 = h.held_account_id
                     and p.cur1 = h.currency and p.cur2 = h.currency
                     and p.reason1 = h.reason and p.reason2 = h.reason
                     and p.ref1 = h.reference and p.ref2 = h.reference)))
           or (not h.fresh and (h.n_hold <> 0 or p.id is not null))
           -- every transfer of the hold in its currency, and what leaves it leaves the held account
           or (h.has_moves and (h.cur1 <> h.currency or h.cur2 <> h.currency))
           or (h.n_release + h.n_capture > 0 and (h.out_d1 <> h.held_account_id or h.out_d2 <> h.held_account_id))
           or (h.n_release > 0 and h.release_c <> h.available_account_id)
           or h.n_release > 1
           -- still held: nothing leaves it
           or (h.state = 'held' and (h.n_release + h.n_capture > 0 or h.captured_amount is not null
                                     or h.remainder_hold_id is not null))
           -- released: all of it back to available, nothing captured
           or (h.state = 'released' and (h.n_capture > 0 or h.release_a <> h.amount or h.captured_amount is not null
                                         or h.remainder_hold_id is not null))
           -- captured: the parts are what it says it took; parts and release add up to the hold, or the rest is kept
           -- by the remainder hold it names (checked on that hold: its amount is what is left)
           or (h.state = 'captured' and (
                 h.captured_amount is distinct from h.capture_a
                 or (h.remainder_hold_id is null and h.capture_a + h.release_a <> h.amount)
                 or (h.remainder_hold_id is not null and (h.n_release > 0 or h.capture_a >= h.amount))))
           or h.state is null or h.state not in ('held', 'released', 'captured')
        limit 1)
      union all
      (select 'hold ' || p.id || ': a remainder the batch does not open, or kept by two captures'
         from parents p
         left join holds h on h.id = p.id and h.fresh
        where h.id is null or p.n <> 1 limit 1)
      ) problems limit 1;
  end if;
  if p_accounts is not null or v_stepped or cardinality(p_holds_opened) + cardinality(p_holds_closed) > 0 then
    v_setting := set_config('enable_hashjoin', 'off', true);
  end if;
  if v_bad is null then v_bad := v_outside; end if;
  if v_bad is not null then
    raise exception 'ledger plan: %', v_bad using errcode = 'PR003',
      hint = 'the batch does not match the transfers it writes; nothing was written';
  end if;

  -- 4. The refusals, a closed owner first, then the funds.
  if v_closed is not null then
    raise exception 'ledger plan: account closed' using errcode = 'PR001',
      detail = jsonb_build_object('reason', 'account_closed', 'account', v_closed)::text;
  end if;
  if v_short is not null then
    raise exception 'ledger plan: insufficient funds' using errcode = 'PR001',
      detail = jsonb_build_object('reason', 'insufficient_funds', 'account', v_short)::text;
  end if;

  -- 5. Write: the transfers and the balances as derived (in place where this call holds the owner for no key update,
  -- folding the account's deltas; a delta row elsewhere) in one statement; then the holds opened and the holds
  -- closed, each only when there are some (a statement that would write ledger_holds opens it and its indexes even
  -- for no rows).
  with tw as (
    insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code)
      select x.id, x.debit_account_id, x.credit_account_id, x.currency, x.amount, x.code
        from unnest(p_transfers) as x(id, debit_account_id, credit_account_id, amount, code, currency)
      returning 1),
  dv as (
    select u.id, u.dr, u.cr, coalesce(u.owner = any(p_lock_no_key_update), false) as ip
      from unnest(d) as u(id, dr, cr, ok, code, owner, floor, cust, bucket, short)
     where u.dr > 0 or u.cr > 0),
  f as (
    delete from ledger_balance_deltas dl where dl.account_id = any(array(select dv.id from dv where dv.ip))
      returning dl.account_id, dl.debits, dl.credits),
  s as (select f.account_id, sum(f.debits) as dr, sum(f.credits) as cr from f group by f.account_id),
  up as (
    update ledger_accounts a
       set debits_posted = a.debits_posted + dv.dr + coalesce((select s.dr from s where s.account_id = a.id), 0),
           credits_posted = a.credits_posted + dv.cr + coalesce((select s.cr from s where s.account_id = a.id), 0)
      from dv
     where dv.ip and a.id = dv.id
     returning 1),
  dl as (
    insert into ledger_balance_deltas (account_id, debits, credits)
      select dv.id, dv.dr, dv.cr from dv where not dv.ip
      returning 1)
  select count(*) filter (where w.t), count(*) filter (where not w.t)
    into v_transfers_written, v_balances_written
    from (select true as t from tw union all select false from up union all select false from dl) w;
  if v_transfers_written <> cardinality(p_transfers) then
    raise exception 'ledger plan: a transfer was not written' using errcode = 'PR003';
  end if;
  if v_balances_written <> v_moved then
    raise exception 'ledger plan: a balance was not written' using errcode = 'PR003';
  end if;
  if cardinality(p_holds_opened) > 0 then
    insert into ledger_holds (hold_id, owner_id, available_account_id, held_account_id, currency, amount, reason,
                              reference, state, captured_amount, remainder_hold_id, resolved_at)
      select x.id, x.owner_id, x.available_account_id, x.held_account_id, x.currency, x.amount, x.reason,
             x.reference, x.state, x.captured_amount, x.remainder_hold_id, case when x.state <> 'held' then now() end
        from unnest(p_holds_opened) as x(id, owner_id, available_account_id, held_account_id, currency, amount, reason,
                                         reference, state, captured_amount, remainder_hold_id);
    get diagnostics v_holds_opened = row_count;
    if v_holds_opened <> cardinality(p_holds_opened) then
      raise exception 'ledger plan: a hold was not written' using errcode = 'PR003';
    end if;
  end if;
  if cardinality(p_holds_closed) > 0 then
    update ledger_holds h
       set state = x.state, resolved_at = now(), captured_amount = x.captured_amount,
           remainder_hold_id = x.remainder_hold_id
      from unnest(p_holds_closed) as x(id, owner_id, available_account_id, held_account_id, currency, amount, reason,
                                       reference, state, captured_amount, remainder_hold_id)
     where h.hold_id = x.id and h.state = 'held' and h.amount = x.amount and h.currency = x.currency
       and h.available_account_id = x.available_account_id and h.held_account_id = x.held_account_id
       and h.reason = x.reason and h.reference = x.reference;
    get diagnostics v_holds_closed = row_count;
    if v_holds_closed <> cardinality(p_holds_closed) then
      raise exception 'ledger plan: a hold it closes is not open as the plan says' using errcode = 'PR003';
    end if;
  end if;
end
$$;
