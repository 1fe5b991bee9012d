-- migrate: outside transaction
-- The back office's market page lists the house's open orders first, then its latest others (features/orders:
-- repository/house.ts). Sorted as one list it read every house order (8 million at a million customers: 4.4 s); as two
-- ranges it needs the open ones by id, which this index holds (a handful of rows). Built CONCURRENTLY: orders go on
-- being placed meanwhile; an invalid index a failed build left is dropped first.
drop index concurrently if exists orders_house_open_idx;
create index concurrently orders_house_open_idx on orders (id desc) where user_id is null and status = 'open';
