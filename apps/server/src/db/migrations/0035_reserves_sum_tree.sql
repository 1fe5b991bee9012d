-- Proof of reserves, version 2 (docs/reserves.md): a Merkle sum tree whose root's sum is the published total, salts
-- derived per customer per day from a kept secret (never stored), leaves ordered by their hash, and each leaf's silver
-- split into available and reserved. The days built before stay version 1, with their leaves and salts as they were,
-- so their proofs still verify.

alter table reserve_days
  add column version smallint not null default 1 check (version in (1, 2)),
  -- the split of customers_cg (version 2 only): available + reserved = customers_cg
  add column customers_available_cg bigint check (customers_available_cg >= 0),
  add column customers_reserved_cg bigint check (customers_reserved_cg >= 0);
alter table reserve_days add constraint reserve_days_split_adds_up check (
  (version = 1 and customers_available_cg is null and customers_reserved_cg is null)
  or (version = 2 and customers_available_cg + customers_reserved_cg = customers_cg)
);

-- a version 2 leaf commits to both balances; centigrams stays their total (the leaf's sum)
alter table reserve_leaves
  add column available_cg bigint check (available_cg >= 0),
  add column reserved_cg bigint check (reserved_cg >= 0);
alter table reserve_leaves add constraint reserve_leaves_split_adds_up check (
  (available_cg is null and reserved_cg is null) or available_cg + reserved_cg = centigrams
);
