-- What each affiliate earned in all, by currency, kept as rewards are written: /afiliados shows the total, and
-- summing every reward of the top affiliate grows with the program (45 ms at a million customers). The trigger adds
-- each statement's new rewards (a statement-level transition table: one upsert per affiliate however many rows);
-- rewards are never updated or deleted. The trigger is created before the backfill in this transaction, so a reward
-- written meanwhile waits for the commit and is counted once (affiliates' reconciliation checks the totals).
create table if not exists affiliate_reward_totals (
  affiliate_user_id bigint not null,
  currency text not null check (currency in ('BRL', 'AG')),
  amount bigint not null check (amount >= 0),
  rewards bigint not null check (rewards >= 0),
  primary key (affiliate_user_id, currency)
);

create or replace function affiliate_reward_totals_add() returns trigger language plpgsql as $$
begin
  insert into affiliate_reward_totals (affiliate_user_id, currency, amount, rewards)
    select affiliate_user_id, currency, sum(amount), count(*) from added group by affiliate_user_id, currency
  on conflict (affiliate_user_id, currency) do update
    set amount = affiliate_reward_totals.amount + excluded.amount,
        rewards = affiliate_reward_totals.rewards + excluded.rewards;
  return null;
end
$$;

drop trigger if exists affiliate_reward_totals_add on affiliate_rewards;
create trigger affiliate_reward_totals_add after insert on affiliate_rewards
  referencing new table as added for each statement execute function affiliate_reward_totals_add();

insert into affiliate_reward_totals (affiliate_user_id, currency, amount, rewards)
  select affiliate_user_id, currency, sum(amount), count(*) from affiliate_rewards group by affiliate_user_id, currency
on conflict (affiliate_user_id, currency) do update set amount = excluded.amount, rewards = excluded.rewards;
