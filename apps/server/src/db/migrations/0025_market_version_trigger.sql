-- Issue 29: the market's version moves on by itself when what a matcher's batch reads without asking changes (the
-- market's rates, a customer's trading limit: docs/orders.md, "A batch without its read"). Before, every feature that
-- changed them had to remember to call marketInputsChanged; now the database does it in the same transaction, under
-- the market's lock, so every instance's next batch finds its copy stale and reads everything again.

create function orders_market_inputs_changed() returns trigger language plpgsql as $$
begin
  perform orders_market_lock();
  update market_state set version = version + 1 where id = 1;
  return null;
end $$;

create trigger market_settings_move_the_market
  after update of fee_rate_bps, iof_rate_bps, minimum_fee_cents on market_settings
  for each row when (old.fee_rate_bps is distinct from new.fee_rate_bps
                     or old.iof_rate_bps is distinct from new.iof_rate_bps
                     or old.minimum_fee_cents is distinct from new.minimum_fee_cents)
  execute function orders_market_inputs_changed();

create trigger users_trading_limit_moves_the_market
  after update of trading_limit_cents on users
  for each row when (old.trading_limit_cents is distinct from new.trading_limit_cents)
  execute function orders_market_inputs_changed();
