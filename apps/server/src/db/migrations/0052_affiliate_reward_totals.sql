-- What each affiliate earned in all, by currency, kept as rewards are written: /afiliados shows the total, and
-- summing every reward of the top affiliate grows with the program (45 ms at a million customers). Statement-level
-- triggers keep it for every writer, a statement's rows at once through its transition tables (one upsert per
-- affiliate however many rows): rewards added, removed (none in the product; tests clean theirs up) or changed. The
-- triggers are created before the backfill in this transaction, so a reward written meanwhile waits for the commit
-- and is counted once (affiliates' reconciliation checks the totals against the rewards).
create table if not exists affiliate_reward_totals (
  affiliate_user_id bigint not null,
  currency text not null check (currency in ('BRL', 'AG')),
  amount bigint not null check (amount >= 0),
  rewards bigint not null check (rewards >= 0),
  primary key (affiliate_user_id, currency)
);

create or replace function affiliate_reward_totals_keep() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update affiliate_reward_totals k set amount = k.amount - r.amount, rewards = k.rewards - r.n
      from (select affiliate_user_id, currency, sum(amount) as amount, count(*) as n from removed
             group by affiliate_user_id, currency) r
     where k.affiliate_user_id = r.affiliate_user_id and k.currency = r.currency;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    insert into affiliate_reward_totals (affiliate_user_id, currency, amount, rewards)
      select affiliate_user_id, currency, sum(amount), count(*) from added group by affiliate_user_id, currency
    on conflict (affiliate_user_id, currency) do update
      set amount = affiliate_reward_totals.amount + excluded.amount,
          rewards = affiliate_reward_totals.rewards + excluded.rewards;
  end if;
  return null;
end
$$;

drop trigger if exists affiliate_reward_totals_added on affiliate_rewards;
create trigger affiliate_reward_totals_added after insert on affiliate_rewards
  referencing new table as added for each statement execute function affiliate_reward_totals_keep();
drop trigger if exists affiliate_reward_totals_removed on affiliate_rewards;
create trigger affiliate_reward_totals_removed after delete on affiliate_rewards
  referencing old table as removed for each statement execute function affiliate_reward_totals_keep();
drop trigger if exists affiliate_reward_totals_changed on affiliate_rewards;
create trigger affiliate_reward_totals_changed after update on affiliate_rewards
  referencing old table as removed new table as added for each statement execute function affiliate_reward_totals_keep();

insert into affiliate_reward_totals (affiliate_user_id, currency, amount, rewards)
  select affiliate_user_id, currency, sum(amount), count(*) from affiliate_rewards group by affiliate_user_id, currency
on conflict (affiliate_user_id, currency) do update set amount = excluded.amount, rewards = excluded.rewards;
