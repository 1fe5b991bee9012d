-- Issue 15: invoices (docs/fiscal.md). The platform issues, from the facts the ledger and the orders already hold,
-- one service invoice (NFS-e) per customer per closed month (Brasília) for the services paid in it (operating fees of
-- trades, money withdrawal fees, minting, freight and insurance of bars), and one product invoice (NF-e) per paid
-- order of bars of a registered customer. The amounts are copied at issue time: an invoice never changes.

create table service_invoices (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  -- the first day of the month the invoice covers (Brasília's calendar)
  period date not null check (extract(day from period) = 1),
  description text not null check (length(description) between 1 and 2000),
  services_cents bigint not null check (services_cents > 0),
  -- [{ "kind": "trade-fee", "label": "...", "count": 3, "amount_cents": 1500 }, ...]
  lines jsonb not null,
  -- the customer as invoiced: name, document (CPF or CNPJ), email, address
  borrower jsonb not null,
  -- the issuer (adapters/invoicing): 'embedded' documents are test documents with no fiscal value
  provider text not null check (provider in ('embedded', 'nfeio')),
  test_document boolean not null,
  external_id text not null,
  number text not null,
  created_at timestamptz not null default now(),
  unique (user_id, period),
  check (test_document = (provider = 'embedded'))
);
create index service_invoices_user_idx on service_invoices (user_id, period desc, id desc);

create table product_invoices (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  silver_withdrawal_id bigint not null unique references silver_withdrawals (id),
  description text not null check (length(description) between 1 and 2000),
  products_cents bigint not null check (products_cents >= 0),
  taxes_cents bigint not null check (taxes_cents >= 0),
  -- [{ "name": "...", "quantity": 1, "grams_cg": 10000, "amount_cents": 91000 }, ...] and the taxes by name
  lines jsonb not null,
  borrower jsonb not null,
  provider text not null check (provider in ('embedded', 'nfeio')),
  test_document boolean not null,
  external_id text not null,
  number text not null,
  created_at timestamptz not null default now(),
  check (test_document = (provider = 'embedded'))
);
create index product_invoices_user_idx on product_invoices (user_id, created_at desc, id desc);

-- The embedded issuer's numbers (one series per kind).
create sequence service_invoice_numbers;
create sequence product_invoice_numbers;
