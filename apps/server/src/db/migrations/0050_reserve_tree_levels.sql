-- The upper levels of each day's sum tree (features/reserves: stream.ts writes them with the leaves): from level 8,
-- where a node covers an aligned block of 256 leaves, to the root, one row per level (its nodes' 32-byte hashes end to
-- end, and their sums). A customer's proof then reads the 256 leaves of its block and one node per level above, not the
-- day's million leaves (docs/reserves.md, "A proof at scale"). A day built before has none until its first proof is
-- asked: that proof builds the tree once and stores them. A new, empty table: no lock on anything in use.
create table if not exists reserve_tree_levels (
  day date not null references reserve_days(day) on delete cascade,
  level smallint not null check (level > 0),
  hashes bytea not null check (octet_length(hashes) % 32 = 0),
  sums bigint[] not null check (cardinality(sums) * 32 = octet_length(hashes)),
  primary key (day, level)
);
