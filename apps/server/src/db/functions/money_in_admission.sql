-- The current definitions of money_in_admission and deposits_admit, and the triggers on deposits that call it:
-- a repeatable migration (db/migrate.ts), applied again whenever this file changes. First written for 0032.

-- The one definition of the limits on money coming in (docs/decisions.md "One gate for money in"), for a customer, a
-- charge (method, scheduled debit or not, amount) and a moment. The server's gate (features/money/deposit-limits.ts)
-- calls it for the screen's limits and to refuse before asking the provider for a charge; the trigger below calls it
-- on every pending row written, so nothing can record a charge around it. Answers the facts as jsonb (centavos):
-- per_deposit_cents, night_per_deposit_cents (the night limit when it is night now and one is configured, else null),
-- per_period_cents, period_days, period_left_cents, max_now_cents (the most this kind of charge may be now), tier
-- ('standard' | 'approved_limit'), pending, pending_max and refusal: null, or the first rule the charge breaks, in
-- this order:
-- - 'pending': a Pix charge while pending_max Pix charges are still payable (scheduled debits count);
-- - 'per_deposit': above the most per charge. A customer whose approved annual trading limit is above the period's
--   limit is in the higher tier: the period's limit becomes that trading limit and the per-charge limit grows in the
--   same proportion, rounded down to the centavo;
-- - 'night': a Pix the payer makes now (not a scheduled debit, not a TED) between 20h and 6h in Brasília (UTC-3 all
--   year since 2019), above the night limit;
-- - 'period': above what is left of the period's limit. The period counts the charges of its last period_days days
--   that brought money in or still may: approved and held at what they credited or charged, pending ones still
--   payable. p_except leaves one row out (a row being updated counts as the charge itself).
create or replace function money_in_admission(
  p_user bigint, p_method text, p_scheduled boolean, p_amount bigint, p_now timestamptz default now(),
  p_except bigint default null
) returns jsonb language plpgsql stable as $$
declare
  s money_in_settings;
  v_trading bigint;
  v_per_period bigint;
  v_per_deposit bigint;
  v_night bigint;
  v_used bigint;
  v_left bigint;
  v_pending integer;
  v_hour integer := (extract(hour from p_now at time zone 'UTC')::integer + 21) % 24;
  v_refusal text;
begin
  select * into strict s from money_in_settings;
  select coalesce(max(trading_limit_cents), 0) into v_trading from users where id = p_user;
  v_per_period := greatest(v_trading, s.per_period_cents);
  -- div: the exact integer quotient (rounded down), on numeric so the product cannot overflow
  v_per_deposit := div(s.per_deposit_cents::numeric * v_per_period, s.per_period_cents)::bigint;
  v_night := case when s.night_per_deposit_cents is not null and (v_hour >= 20 or v_hour < 6)
                  then s.night_per_deposit_cents end;
  select coalesce(sum(coalesce(d.credited_cents, d.amount_cents))
                    filter (where d.created_at > p_now - make_interval(hours => 24 * s.period_days)), 0),
         count(*) filter (where d.method = 'pix' and d.status = 'pending')
    into v_used, v_pending
    from deposits d
   where d.user_id = p_user
     and (p_except is null or d.id <> p_except)
     and (d.status in ('approved', 'held')
          or (d.status = 'pending' and (d.pix_expires_at is null or d.pix_expires_at > p_now)));
  v_left := greatest(0, v_per_period - v_used);
  v_refusal := case
    when p_method = 'pix' and v_pending >= s.pending_pix_max then 'pending'
    when p_amount > v_per_deposit then 'per_deposit'
    when p_method = 'pix' and not p_scheduled and v_night is not null and p_amount > v_night then 'night'
    when p_amount > v_left then 'period'
  end;
  return jsonb_build_object(
    'per_deposit_cents', v_per_deposit,
    'night_per_deposit_cents', v_night,
    'per_period_cents', v_per_period,
    'period_days', s.period_days,
    'period_left_cents', v_left,
    'max_now_cents', least(v_per_deposit, v_left,
                           case when p_method = 'pix' and not p_scheduled then coalesce(v_night, v_per_deposit)
                                else v_per_deposit end),
    'tier', case when v_trading > s.per_period_cents then 'approved_limit' else 'standard' end,
    'pending', v_pending,
    'pending_max', s.pending_pix_max,
    'refusal', v_refusal);
end
$$;

-- A pending inbound charge is admitted or refused here, under the customer's row lock (for no key update: two charges
-- of one customer are counted one after the other, whoever writes them; rows that merely reference the customer do
-- not wait). A refusal raises PM001 with the facts as its detail (the gate turns them into the customer's message);
-- nothing is written.
create or replace function deposits_admit() returns trigger language plpgsql as $$
declare
  v_facts jsonb;
begin
  perform 1 from users where id = new.user_id for no key update;
  v_facts := money_in_admission(new.user_id, new.method, new.scheduled_debit, new.amount_cents, now(),
                                case when tg_op = 'UPDATE' then new.id end);
  if v_facts->>'refusal' is not null then
    raise exception 'money in: a pending charge over the limits (%)', v_facts->>'refusal'
      using errcode = 'PM001', detail = v_facts::text;
  end if;
  return new;
end
$$;

create or replace trigger deposits_admission
  before insert on deposits
  for each row when (new.status = 'pending') execute function deposits_admit();

-- a row that becomes pending, or a pending row that asks for more (another customer, amount, method or kind)
create or replace trigger deposits_admission_on_update
  before update of status, user_id, amount_cents, method, scheduled_debit on deposits
  for each row when (new.status = 'pending' and (old.status <> 'pending' or new.user_id <> old.user_id
    or new.amount_cents > old.amount_cents or new.method <> old.method or new.scheduled_debit <> old.scheduled_debit))
  execute function deposits_admit();
