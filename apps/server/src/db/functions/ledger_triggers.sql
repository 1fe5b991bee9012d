-- The current definitions of ledger_transfers_immutable, ledger_open_customer:
-- a repeatable migration (db/migrate.ts), applied again whenever this file changes. First written in 0002, 0006.

-- Transfers are immutable: a mistake is corrected by another transfer, never by editing history.
create or replace function ledger_transfers_immutable() returns trigger language plpgsql as $$
begin
  raise exception 'ledger_transfers is append-only';
end
$$;

-- Every customer's owner row and four accounts exist from the moment the user does, so postings never open accounts
-- (two transactions opening the same new customer would wait for each other outside the lock order).
create or replace function ledger_open_customer() returns trigger language plpgsql as $$
begin
  insert into ledger_owners (code, user_id) values ('customer:' || new.id::text, new.id) on conflict do nothing;
  insert into ledger_accounts (currency, kind, code, owner_user_id, owner_id, debits_must_not_exceed_credits)
    select cur, 'liability', 'customer:' || new.id::text || ':' || b || ':' || cur, new.id, o.id, true
      from ledger_owners o, (values ('available'), ('held')) bb(b), (values ('BRL'), ('AG')) cc(cur)
     where o.user_id = new.id
    on conflict (code) do nothing;
  return null;
end
$$;
