-- The ledger's batch records name their fields for what they hold (ledger_entry, ledger_commands,
-- orders_apply_batch). Every function builds and reads these records by position, so the new names change no plan and
-- no caller; a rename touches only the catalogue (no lock on any table).
alter type ledger_plan_transfer rename attribute d to debit_account_id;
alter type ledger_plan_transfer rename attribute c to credit_account_id;
alter type ledger_plan_transfer rename attribute a to amount;
alter type ledger_plan_transfer rename attribute cur to currency;
alter type ledger_plan_hold rename attribute o to owner_id;
alter type ledger_plan_hold rename attribute av to available_account_id;
alter type ledger_plan_hold rename attribute hd to held_account_id;
alter type ledger_plan_hold rename attribute cur to currency;
alter type ledger_plan_hold rename attribute a to amount;
alter type ledger_plan_hold rename attribute ref to reference;
alter type ledger_plan_hold rename attribute captured to captured_amount;
alter type ledger_plan_hold rename attribute rest to remainder_hold_id;
alter type ledger_plan_account rename attribute owner to owner_id;
