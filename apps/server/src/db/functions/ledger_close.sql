-- The current definitions of ledger_close_owner, ledger_reopen_owner:
-- a repeatable migration (db/migrate.ts), applied again whenever this file changes. First written in 0006.

-- Closes a customer in the ledger: refused while any balance or open hold remains; afterwards every posting to or
-- from the customer's accounts is refused (account_closed). FOR UPDATE on the owner waits for every posting in flight
-- (they hold key share or no key update on it), and postings that come after wait for this one and then see it closed.
create or replace function ledger_close_owner(p_user_id bigint) returns jsonb language plpgsql as $$
declare
  v_owner bigint; v_closed timestamptz; v_open int; v_bal jsonb;
begin
  insert into ledger_owners (code, user_id) values ('customer:' || p_user_id::text, p_user_id) on conflict do nothing;
  select id into v_owner from ledger_owners where user_id = p_user_id;
  perform ledger_lock_owners(array[v_owner], array['u'::"char"]);
  select closed_at into v_closed from ledger_owners where id = v_owner;
  if v_closed is not null then
    return jsonb_build_object('ok', true, 'duplicate', true, 'closed_at', v_closed);
  end if;
  select count(*) into v_open from ledger_holds where owner_id = v_owner and state = 'held';
  if v_open > 0 then
    return jsonb_build_object('ok', false, 'reason', 'open_holds', 'open_holds', v_open);
  end if;
  select jsonb_object_agg(code, bal) into v_bal from (
    select a.code, b.net_credits as bal
      from ledger_accounts a cross join lateral ledger_account_balance(a) b where a.owner_id = v_owner) s
   where bal <> 0;
  if v_bal is not null then
    return jsonb_build_object('ok', false, 'reason', 'balance_remaining', 'balances', v_bal);
  end if;
  update ledger_owners set closed_at = now() where id = v_owner returning closed_at into v_closed;
  return jsonb_build_object('ok', true, 'duplicate', false, 'closed_at', v_closed);
end
$$;

create or replace function ledger_reopen_owner(p_user_id bigint) returns jsonb language plpgsql as $$
declare
  v_owner bigint; v_closed timestamptz;
begin
  select id into v_owner from ledger_owners where user_id = p_user_id;
  if v_owner is null then return jsonb_build_object('ok', true, 'duplicate', true); end if;
  perform ledger_lock_owners(array[v_owner], array['u'::"char"]);
  select closed_at into v_closed from ledger_owners where id = v_owner;
  if v_closed is null then return jsonb_build_object('ok', true, 'duplicate', true); end if;
  update ledger_owners set closed_at = null where id = v_owner;
  return jsonb_build_object('ok', true, 'duplicate', false);
end
$$;
