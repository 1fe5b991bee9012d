-- A level of a day's sum tree keeps its sums as 8-byte big-endian integers end to end, like its hashes, and both are
-- stored out of line uncompressed (storage external): a proof reads one node per level with substring, which then
-- fetches only the pages holding it, where a bigint[] was read whole on every proof (at a million customers the level
-- of 16-leaf blocks has 62,500 nodes: 500 kB). Proofs now cut the leaves in blocks of 16 (SUM_TREE_BLOCK_LEVEL 4);
-- the levels 4 to 7 of a day built before are stored by its first proof that needs them. The table holds a row per
-- level of the days whose leaves are kept (about a thousand rows): rewritten in a moment.
alter table reserve_tree_levels add column sum_bytes bytea;
alter table reserve_tree_levels alter column hashes set storage external, alter column sum_bytes set storage external;
update reserve_tree_levels l
   set sum_bytes = (select string_agg(int8send(u.s), ''::bytea order by u.n) from unnest(l.sums) with ordinality u(s, n));
alter table reserve_tree_levels drop column sums;
alter table reserve_tree_levels rename column sum_bytes to sums;
alter table reserve_tree_levels alter column sums set not null,
  add constraint reserve_tree_levels_sums_size check (octet_length(sums) * 4 = octet_length(hashes));
-- What puts the table back as it was before, for bench:scale's job that times the latest migration on a copy:
-- undo: alter table reserve_tree_levels drop constraint if exists reserve_tree_levels_sums_size
-- undo: alter table reserve_tree_levels add column sums_array bigint[]
-- undo: update reserve_tree_levels l set sums_array = array(select ('x' || encode(substring(l.sums from (i - 1) * 8 + 1 for 8), 'hex'))::bit(64)::bigint from generate_series(1, octet_length(l.sums) / 8) i order by i)
-- undo: alter table reserve_tree_levels drop column sums
-- undo: alter table reserve_tree_levels rename column sums_array to sums
