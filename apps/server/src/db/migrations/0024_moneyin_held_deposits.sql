-- Issue 27, money in: Pix charges expire ('expired'), and a payment that does not match its charge (more or less than
-- charged, or after the charge expired or was cancelled) is held for an operator ('held') instead of credited blindly.
-- The money received waits in deposit:suspense, a liability owed to no one yet, until the operator credits it to the
-- customer ('approved', credited_cents) or sends it back to the payer ('refunded', with the reason). docs/ledger.md.

alter table deposits drop constraint deposits_status_check;
alter table deposits add constraint deposits_status_check
  check (status in ('pending', 'approved', 'rejected', 'cancelled', 'expired', 'held', 'refunded'));

-- a reason for a rejection (TED) and for a refund (a held payment sent back)
do $$
declare c record;
begin
  for c in select conname from pg_constraint
            where conrelid = 'deposits'::regclass and contype = 'c'
              and pg_get_constraintdef(oid) like '%(rejection_reason IS NOT NULL)%'
  loop
    execute format('alter table deposits drop constraint %I', c.conname);
  end loop;
end
$$;
alter table deposits add constraint deposits_reason_check
  check ((status in ('rejected', 'refunded')) = (rejection_reason is not null));

alter table deposits
  add column credited_cents bigint check (credited_cents > 0),
  add column paid_cents bigint check (paid_cents > 0),
  add column hold_reason text check (hold_reason in ('overpaid', 'underpaid', 'late')),
  add constraint deposits_held_check check ((paid_cents is null) = (hold_reason is null)),
  add constraint deposits_held_paid_check check (status not in ('held', 'refunded') or paid_cents is not null);

-- the held deposits, oldest first, for the back office's queue
create index deposits_held_idx on deposits (id) where status = 'held';

-- Without a floor, like the clearing accounts (a floor needs a lock owner): the reconciliation checks instead that it
-- holds exactly the payments still held.
insert into ledger_accounts (currency, kind, code, debits_must_not_exceed_credits, credits_must_not_exceed_debits)
  values ('BRL', 'liability', 'deposit:suspense', false, false);
