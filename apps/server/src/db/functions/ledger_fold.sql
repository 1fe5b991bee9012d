-- The current definition of ledger_fold:
-- a repeatable migration (db/migrate.ts), applied again whenever this file changes. First written in 0006.

-- Folds balance deltas into their accounts' rows (the accounts with the most deltas first, up to p_limit accounts).
-- Never waits: an account whose row (no owner) or owner is busy is left for the next run. Returns the accounts folded.
create or replace function ledger_fold(p_limit integer) returns integer language plpgsql as $$
declare
  v_acc bigint[]; v_free bigint[]; v_cnt int;
begin
  select coalesce(array_agg(account_id), '{}') into v_acc
    from (select account_id from ledger_balance_deltas group by account_id order by count(*) desc limit p_limit) s;
  if cardinality(v_acc) = 0 then return 0; end if;
  select coalesce(array_agg(id), '{}') into v_free from (
    select a.id from ledger_accounts a where a.id = any(v_acc) and a.owner_id is null
     order by a.id for no key update skip locked) s;
  v_free := v_free || array(
    select a.id from ledger_accounts a
     where a.id = any(v_acc)
       and a.owner_id in (select o.id from (select o2.id from ledger_owners o2
                                              where o2.id in (select owner_id from ledger_accounts where id = any(v_acc))
                                              order by o2.id for no key update skip locked) o));
  with f as (delete from ledger_balance_deltas dl where dl.account_id = any(v_free)
             returning dl.account_id, dl.debits, dl.credits),
       s as (select f.account_id, sum(f.debits) as dr, sum(f.credits) as cr from f group by f.account_id)
  update ledger_accounts a set debits_posted = a.debits_posted + s.dr, credits_posted = a.credits_posted + s.cr
    from s where a.id = s.account_id;
  get diagnostics v_cnt = row_count;
  return v_cnt;
end
$$;
