-- migrate: outside transaction
-- The operator's search by part of a name or e-mail and the back office's lists at a million customers
-- (features/admin/customers.ts, docs/admin.md; figures in docs/decisions.md, "Operator search and back-office lists
-- at size"): trigram indexes on the accent-free, lower-case text the search compares, and the lists' order by status.
--
-- Built concurrently, outside a transaction (the marker above; db/migrate.ts): customers sign up and change their
-- data while the indexes build. Measured at 1M customers on PostgreSQL 15, 2 shared cores under load: the users
-- trigram index takes 79 s as a plain CREATE INDEX (writes to users blocked all along) and about twice that
-- concurrently, with an update a second into users going through the whole build; the companies one 3 s, each
-- partial index on users 1.4 to 2.8 s. Safe to run again from the top: a build that failed half-way leaves an invalid
-- index, dropped first.
create extension if not exists pg_trgm;
create extension if not exists unaccent;

-- unaccent() is only stable (its dictionary is a file that could change), so no index may call it; naming the
-- dictionary makes the result depend on the argument alone, the usual immutable wrapper. If unaccent.rules ever
-- changes, reindex the two trigram indexes below.
create or replace function prata_fold(value text) returns text
  language sql immutable parallel safe strict
  return lower(public.unaccent('public.unaccent'::regdictionary, value));

-- One index serves part of a name and part of an e-mail: the search matches either in one expression.
drop index concurrently if exists users_search_trgm_idx;
create index concurrently users_search_trgm_idx on users using gin (prata_fold(name || ' ' || email) gin_trgm_ops);
drop index concurrently if exists companies_search_trgm_idx;
create index concurrently companies_search_trgm_idx on companies using gin (prata_fold(razao_social) gin_trgm_ops);

-- The registrations an operator works through (the customers list's status filter), newest first. Operators are in
-- the predicate so a page and its count read the index alone.
drop index concurrently if exists users_pending_review_idx;
create index concurrently users_pending_review_idx on users (id)
  where staff_roles = '{}' and approved_at is null and registration_rejected_at is null and closed_at is null;
drop index concurrently if exists users_rejected_idx;
create index concurrently users_rejected_idx on users (id)
  where staff_roles = '{}' and registration_rejected_at is not null and approved_at is null;
drop index concurrently if exists users_closed_idx;
create index concurrently users_closed_idx on users (id) where staff_roles = '{}' and closed_at is not null;

-- The money queues and the decided lists, by status in their order (money/back-office.ts).
drop index concurrently if exists deposits_review_idx;
create index concurrently deposits_review_idx on deposits (status, id);
drop index concurrently if exists withdrawals_review_idx;
create index concurrently withdrawals_review_idx on withdrawals (status, id);
-- (status, id) serves the pending queue too
drop index concurrently if exists withdrawals_pending_idx;

-- The staff's tickets by status in id order (support/back-office.ts); (status, category_id, id) serves a category.
drop index concurrently if exists tickets_status_idx;
create index concurrently tickets_status_idx on tickets (status, id);
