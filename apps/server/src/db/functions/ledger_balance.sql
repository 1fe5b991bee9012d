-- The current definition of ledger_net_credits: a repeatable migration (db/migrate.ts), applied again whenever this
-- file changes.

-- An account's balance, credits − debits, as posted: its row plus the deltas not folded into it yet. The one place the
-- formula is written in SQL (the ledger's functions call it; TypeScript's one copy is NET_CREDITS in ledger/balances.ts).
-- An account whose floor is 'credits must not exceed debits' (the vault) holds −ledger_net_credits.
-- PL/pgSQL, not SQL: a SQL function with a subquery is not inlined, and PostgreSQL plans a non-inlined SQL function's
-- body again on every execution of the statement that calls it (about 0.15 ms); PL/pgSQL keeps its plan per session.
create or replace function ledger_net_credits(a ledger_accounts) returns bigint language plpgsql stable
as $$
begin
  return (a.credits_posted - a.debits_posted
          + coalesce((select sum(dl.credits - dl.debits) from ledger_balance_deltas dl where dl.account_id = a.id), 0)
         )::bigint;
end
$$;
