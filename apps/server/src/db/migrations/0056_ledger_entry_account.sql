-- What ledger_entry derives for each account a batch touches, as one record (one aggregate builds the list; the checks
-- and the write read it with unnest): the account's debits and credits in the batch, whether it exists in the
-- currency of its transfers and holds, its code, owner, floor ('d', 'c' or 'n'), whether it is a customer's, its
-- bucket ('a' available, 'h' held and moved by hold steps, 'x' held and moved otherwise, '-' neither), and whether the
-- batch leaves its floored balance below zero.
create type ledger_entry_account as (
  id bigint, debits bigint, credits bigint, ok boolean, code text, owner_id bigint, floor "char", customer boolean,
  bucket "char", short boolean);
