-- A closed year's IRPF totals per customer (the position's bought and sold, in centavos and centigrams): kept the
-- first time the year is read after it closed, since the year's completed orders no longer change. Derived rows, like
-- irpf_cost_months': the heaviest trader's year was 11,000 index entries added up on every read (3 ms at 1M).
create table if not exists irpf_year_totals (
  user_id bigint not null,
  year smallint not null,
  bought_cents bigint not null,
  sold_cents bigint not null,
  bought_cg bigint not null,
  sold_cg bigint not null,
  built_at timestamptz not null default now(),
  primary key (user_id, year)
);
