-- The customer search's estimates (features/admin/repository.ts, searchHits). ANALYZE keeps a histogram of each
-- search expression (the trigram indexes' column); with the default 101 entries, a surname in 1.5 % of a million
-- customers ("basto") was missed by the sample, planned as 100 rows and read through the trigram index: 14,747 rows
-- from 12,442 heap pages, 250 ms. With 1,001 entries such a term is seen, and the planner walks the newest customers
-- until the page is full. ANALYZE takes no lock that blocks writes.
alter index users_search_trgm_idx alter column 1 set statistics 1000;
alter index companies_search_trgm_idx alter column 1 set statistics 1000;
analyze users;
analyze companies;
