-- The current definition of ledger_account_balance: a repeatable migration (db/migrate.ts), applied again whenever
-- this file changes.

-- An account's balance, credits − debits, as posted: its row plus the deltas not folded into it yet. The one place the
-- formula is written in SQL (the ledger's functions join it; TypeScript's one copy is NET_CREDITS in
-- ledger/balances.ts). An account whose floor is 'credits must not exceed debits' (the vault) holds −net_credits.
-- A set-returning SQL function of one SELECT, called in FROM (`cross join lateral ledger_account_balance(a) b`, or
-- `(select b.net_credits from ledger_account_balance(a) b)` where only some rows need it):
-- PostgreSQL inlines it into the calling statement as a lateral subquery, planned with it once, where a function
-- called in a select list runs as a call of its own per row (a PL/pgSQL call with its statement: about 35 µs, twice
-- in a customer's transfer).
create or replace function ledger_account_balance(a ledger_accounts) returns table (net_credits bigint)
language sql stable as $$
  select (a.credits_posted - a.debits_posted
          + coalesce((select sum(dl.credits - dl.debits) from ledger_balance_deltas dl where dl.account_id = a.id), 0)
         )::bigint
$$;

-- The scalar it replaced (a PL/pgSQL function called per row).
drop function if exists ledger_net_credits(ledger_accounts);
