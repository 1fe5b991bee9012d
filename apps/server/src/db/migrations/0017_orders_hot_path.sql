-- The order book's hot path without foreign-key checks (docs/performance.md, "Orders"). Every placement paid about six
-- of them inside the matcher's batch: the order's customer (users), the trade's two orders, and each new hold's owner
-- and two accounts; each is a query and a row lock (a WAL record, a dirtied page of the referenced row). Only the
-- matcher writes orders and trades, with ids it allocated and owners from signed-in sessions, and only ledger_execute
-- writes holds, between the accounts and owner it has just looked up and locked; nothing deletes users, orders,
-- accounts or owners. The reconciliation proves what the keys did (checks 3 and 12, apps/server/src/ledger/reconcile.ts),
-- as it already does for ledger_transfers (0006).
alter table orders drop constraint orders_user_id_fkey;
alter table trades drop constraint trades_maker_order_id_fkey, drop constraint trades_taker_order_id_fkey;
alter table ledger_holds
  drop constraint ledger_holds_owner_id_fkey,
  drop constraint ledger_holds_available_account_id_fkey,
  drop constraint ledger_holds_held_account_id_fkey;
