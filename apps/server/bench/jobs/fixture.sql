-- A quick set-based fixture for measuring the daily jobs (docs/decisions.md, "Jobs at a decade's size"): :customers
-- customers, each with a ledger owner and four accounts, and ten transfers each spread over ten years (ids in time
-- order, as the ledger writes them), the accounts' posted totals set from the transfers so the reconciliation is
-- clean. Not the decade generator (bench/scale): only what the jobs read. psql -v customers=1000000 -f fixture.sql
\timing on
set synchronous_commit = off;
alter table users disable trigger ledger_open_customer;
insert into users (name, email, password_hash, account_type, approved_at, created_at)
select 'Cliente ' || g, 'cliente' || g || '@escala.prata.dev', 'x', case when g % 10 = 0 then 'company' else 'individual' end,
       now(), timestamptz '2016-12-01' + (g % 3650) * interval '1 day'
  from generate_series(1, :customers) g;
alter table users enable trigger ledger_open_customer;
insert into ledger_owners (code, user_id) select 'customer:' || id, id from users where id not in (select user_id from ledger_owners where user_id is not null);
insert into ledger_accounts (currency, kind, code, owner_user_id, owner_id, debits_must_not_exceed_credits, created_at)
select cur, 'liability', 'customer:' || o.user_id || ':' || b || ':' || cur, o.user_id, o.id, true, timestamptz '2016-11-30'
  from ledger_owners o, (values ('available'), ('held')) bb(b), (values ('BRL'), ('AG')) cc(cur)
 where o.user_id is not null
on conflict (code) do nothing;
analyze users; analyze ledger_owners; analyze ledger_accounts;

-- ten transfers per customer: a deposit, a fee, silver in from the vault and out again, in time order
create temp table acc as
select u.id as user_id,
       (select id from ledger_accounts where code = 'customer:' || u.id || ':available:BRL') as brl,
       (select id from ledger_accounts where code = 'customer:' || u.id || ':available:AG') as ag
  from users u where u.email like '%@escala.prata.dev';
insert into ledger_transfers (transfer_id, debit_account_id, credit_account_id, currency, amount, code, created_at)
select 'fixture:' || a.user_id || ':' || k,
       case when k = 1 then (select id from ledger_accounts where code = 'pix:clearing')
            when k = 2 then a.brl
            when k % 2 = 1 then (select id from ledger_accounts where code = 'vault')
            else a.ag end,
       case when k = 1 then a.brl
            when k = 2 then (select id from ledger_accounts where code = 'revenue:operating-fee')
            when k % 2 = 1 then a.ag
            else (select id from ledger_accounts where code = 'vault') end,
       case when k <= 2 then 'BRL' else 'AG' end,
       case when k = 1 then 100000 when k = 2 then 500 when k % 2 = 1 then 1000 + (a.user_id % 97) else 300 end,
       case when k = 1 then 'deposit' when k = 2 then 'fee' else 'silver' end,
       timestamptz '2016-12-01' + ((k - 1) * 365 + a.user_id % 365) * interval '1 day' + (a.user_id % 86400) * interval '1 second'
  from acc a, generate_series(1, 10) k
 order by 7;
analyze ledger_transfers;
with d as (select debit_account_id as id, sum(amount) s from ledger_transfers group by 1),
     c as (select credit_account_id as id, sum(amount) s from ledger_transfers group by 1)
update ledger_accounts a set debits_posted = coalesce(d.s, 0), credits_posted = coalesce(c.s, 0)
  from ledger_accounts x left join d on d.id = x.id left join c on c.id = x.id
 where a.id = x.id and (a.debits_posted, a.credits_posted) is distinct from (coalesce(d.s, 0), coalesce(c.s, 0));
vacuum analyze ledger_accounts;
vacuum analyze ledger_transfers;
