-- One admission for money coming in (docs/decisions.md, 2026-12 "One gate for money in"). Every pending inbound charge
-- is a row of `deposits` (a Pix deposit, a TED waiting for its receipt's check, each Pix Automático charge of a saving
-- plan); the database refuses one that breaks the limits, whoever writes it (functions/money_in_admission.sql: the
-- rule, and the triggers that call it). The limits are the server's configuration (DEPOSIT_MAX_AMOUNT,
-- DEPOSIT_MAX_PER_PERIOD, DEPOSIT_PERIOD_DAYS, DEPOSIT_NIGHT_MAX_AMOUNT, MAX_PENDING_PIX_DEPOSITS), written here by
-- every instance as it starts; the row below holds the defaults until then.
create table money_in_settings (
  id boolean primary key default true check (id),
  per_deposit_cents bigint not null check (per_deposit_cents > 0),
  per_period_cents bigint not null check (per_period_cents >= per_deposit_cents),
  period_days integer not null check (period_days between 1 and 366),
  -- null: no night limit of ours (the payer's bank still applies its own)
  night_per_deposit_cents bigint check (night_per_deposit_cents > 0),
  pending_pix_max integer not null check (pending_pix_max between 1 and 100),
  updated_at timestamptz not null default now()
);
insert into money_in_settings (per_deposit_cents, per_period_cents, period_days, night_per_deposit_cents,
  pending_pix_max) values (1000000, 5000000, 30, null, 5);

-- A Pix Automático charge debited by the payer's bank on its due date, as opposed to a code the payer scans now: the
-- night limit is for the second only. It never expires by our clock (the bank debits it or refuses it).
alter table deposits
  add column scheduled_debit boolean not null default false,
  add constraint deposits_scheduled_debit_check
    check (not scheduled_debit or (method = 'pix' and pix_expires_at is null)),
  -- a sentence for the e-mail that says the deposit was credited (a saving plan's charge paid after the plan was
  -- cancelled: nothing is bought, the money stays in the balance)
  add column credit_note text check (credit_note is null or length(credit_note) between 1 and 500);
