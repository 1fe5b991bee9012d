-- Issue 29: rewriting the orders' or trades' history moves the market's version by itself, as the rates and a trading
-- limit do (migration 0025). The demos date their orders and trades in the past after matching them; every instance
-- keeps a copy of the open orders and the completed orders' JSON with those dates (answers.ts, OrderCaches), and the
-- next batch that finds the version moved past its copy reloads the one and drops the other. Before, each demo had to
-- remember to call forgetOrders, and only the instance it ran on forgot.
--
-- The matcher's own writes never fire these: orders_apply_batch inserts orders with their created_at and its
-- "on conflict do update" sets status, amounts, updated_at and deleted_at but never created_at (a column trigger fires
-- only for the columns an UPDATE names), and it only inserts trades. What the demos rewrite is created_at (and
-- updated_at with it, which every batch sets, so it cannot be the signal). One bump per statement: a demo's update of a
-- thousand rows moves the market once. orders_market_inputs_changed reads neither old nor new, so it serves here too.

create trigger orders_history_moves_the_market
  after update of created_at on orders
  for each statement execute function orders_market_inputs_changed();

create trigger trades_history_moves_the_market
  after update of created_at on trades
  for each statement execute function orders_market_inputs_changed();
