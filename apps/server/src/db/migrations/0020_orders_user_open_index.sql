-- A customer's open orders by their own index (docs/performance.md, "Orders"). The pending list of every placement's
-- answer, of GET /api/orders and of the quote's trading limit (user_id = $1 and status = 'open') was planned as a
-- BitmapAnd of orders_user_idx (every order the customer ever placed) and orders_open_idx (every open order of the
-- market, plus the entries of orders filled since, until a vacuum): 0.1 ms per customer under load, most of the
-- batch's lists statement. This index holds only open orders, by customer: 0.005 ms. An order filled at its
-- placement is written filled and never enters it.
create index orders_user_open_idx on orders (user_id, id desc) where status = 'open';
