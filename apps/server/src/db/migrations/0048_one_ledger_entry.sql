-- One entry to the ledger: ledger_entry (db/functions/ledger_entry.sql) is the only writer of transfers, balances and
-- holds, and ledger_commands (db/functions/ledger_commands.sql) decides the ledger API's commands and hands them to
-- it. The three writers before them go: the single-transfer path, the command path and the planned batch (their
-- definitions stay in the migrations that made them, 0006 to 0023). The function files are applied after this
-- migration, in the same run, so the new definitions are in place before anyone calls them.
drop function if exists ledger_transfer(text, text, text, bigint, text);
drop function if exists ledger_execute(jsonb, boolean);
drop function if exists ledger_apply_plan(ledger_plan_transfer[], ledger_plan_hold[], ledger_plan_hold[],
                                          ledger_plan_account[], bigint[], bigint[], bigint[], bigint[], bigint[],
                                          bigint[], bigint[], bigint[]);

-- their files are gone: forget their recorded hashes (the table exists once the function files have run once)
do $$
begin
  if to_regclass('schema_functions') is not null then
    delete from schema_functions
     where name in ('ledger_transfer.sql', 'ledger_execute.sql', 'ledger_apply_plan.sql');
  end if;
end
$$;
