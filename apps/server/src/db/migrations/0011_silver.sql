-- Issue 11: physical silver. The catalogue of bar products, their fees and taxes (edited by operators), coupons'
-- discounts, and silver withdrawals: purchases of bars (guest or signed in, paid by Pix) and withdrawals of bars from a
-- customer's custody (paid by Pix or from the balance). Balances never live here: grams and reais move through the
-- ledger (holds 'silver-withdrawal:<id>:silver' and ':charges', transfers 'silver-withdrawal:<id>:...'); these rows
-- say why. docs/silver.md.

-- One row: the company's state (origin of every shipment) and how long a purchase's Pix stays payable.
create table silver_settings (
  id smallint primary key default 1 check (id = 1),
  origin_state char(2) not null default 'SP',
  pix_expiry_minutes integer not null default 30 check (pix_expiry_minutes between 1 and 1440),
  updated_by bigint references users (id),
  updated_at timestamptz not null default now()
);
insert into silver_settings default values;

-- ICMS by destination state: its internal rate, and the interstate rate from the origin state to it (7% from the
-- South and Southeast, except ES, to the North, Northeast, Center-West and ES; 12% otherwise). DIFAL is the
-- difference, charged on interstate sales only. Rates as of 2025 (basis points); operators confirm them with the
-- company's accountant and edit them in the back office.
create table silver_icms_rates (
  state char(2) primary key,
  internal_rate_bps integer not null check (internal_rate_bps between 0 and 10000),
  interstate_rate_bps integer not null check (interstate_rate_bps between 0 and 10000)
);
insert into silver_icms_rates (state, internal_rate_bps, interstate_rate_bps) values
  ('AC', 1900, 700), ('AL', 2000, 700), ('AM', 2000, 700), ('AP', 1800, 700), ('BA', 2050, 700),
  ('CE', 2000, 700), ('DF', 2000, 700), ('ES', 1700, 700), ('GO', 1900, 700), ('MA', 2300, 700),
  ('MG', 1800, 1200), ('MS', 1700, 700), ('MT', 1700, 700), ('PA', 1900, 700), ('PB', 2000, 700),
  ('PE', 2050, 700), ('PI', 2250, 700), ('PR', 1950, 1200), ('RJ', 2200, 1200), ('RN', 2000, 700),
  ('RO', 1950, 700), ('RR', 2000, 700), ('RS', 1700, 1200), ('SC', 1700, 1200), ('SE', 2000, 700),
  ('SP', 1800, 1200), ('TO', 2000, 700);

-- The bar products of the catalogue. Fees per unit and rates per product type (minting, insurance, PIS, COFINS).
create table silver_product_types (
  id bigint generated always as identity primary key,
  name text not null check (length(name) between 1 and 120),
  description text not null default '',
  grams_per_unit_cg bigint not null check (grams_per_unit_cg > 0),
  -- units that can still be sold; a purchase takes them with a guarded update, so it never goes below zero
  stock integer not null default 0 check (stock >= 0),
  active boolean not null default true,
  icon text,
  -- [{ "path": "/api/catalogue/images/bar-100g.png" }, ...]
  images jsonb not null default '[]',
  minting_fee_cents bigint not null default 0 check (minting_fee_cents >= 0),
  insurance_rate_bps integer not null default 0 check (insurance_rate_bps between 0 and 10000),
  pis_rate_bps integer not null default 0 check (pis_rate_bps between 0 and 10000),
  cofins_rate_bps integer not null default 0 check (cofins_rate_bps between 0 and 10000),
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index silver_product_types_catalogue_idx on silver_product_types (position, id) where active;

-- Coupons (0001) gain what they do to a silver order: a discount on the platform's own charges (minting, insurance,
-- freight), a validity window and a number of uses.
alter table coupons
  add column discount_bps integer not null default 0 check (discount_bps between 0 and 10000),
  add column valid_from timestamptz,
  add column valid_until timestamptz,
  add column max_uses integer check (max_uses is null or max_uses > 0),
  add column uses integer not null default 0 check (uses >= 0),
  add constraint coupons_uses_within_max check (max_uses is null or uses <= max_uses);

create table silver_withdrawals (
  id bigint generated always as identity primary key,
  -- null: a guest purchase (no account; the buyer's data is in `buyer`)
  user_id bigint references users (id),
  kind text not null check (kind in ('purchase', 'custody')),
  status text not null default 'pending'
    check (status in ('pending', 'paid', 'sent', 'delivered', 'rejected', 'cancelled', 'expired')),
  payment_method text not null check (payment_method in ('pix', 'balance')),
  -- name, email, cpf, nascimento, celular, sexo, nfe_cpf_response: as typed by a guest, or the customer's at the time
  buyer jsonb not null,
  -- cep, city_id, city, state, neighborhood, street, number, unit, other_info (as it was when ordered)
  address jsonb not null,
  destination_state char(2) not null,
  -- Carrier, ServiceCode, ServiceDescription, DeliveryTime
  shipping jsonb not null,
  coupon_id bigint references coupons (id),
  requires_order boolean not null default false,
  silver_cg bigint not null check (silver_cg > 0),
  silver_value_cents bigint not null check (silver_value_cents >= 0),
  minting_cents bigint not null check (minting_cents >= 0),
  shipping_cents bigint not null check (shipping_cents >= 0),
  insurance_cents bigint not null check (insurance_cents >= 0),
  icms_cents bigint not null check (icms_cents >= 0),
  difal_cents bigint not null check (difal_cents >= 0),
  pis_cents bigint not null check (pis_cents >= 0),
  cofins_cents bigint not null check (cofins_cents >= 0),
  discount_cents bigint not null check (discount_cents >= 0),
  total_cents bigint not null check (total_cents > 0),
  -- Pix: the provider's payment and its BR Code (the charge is created right after the row)
  asaas_payment_id text unique,
  pix_copia_e_cola text,
  pix_expires_at timestamptz,
  -- a paid Pix given back (rejected): the provider's refund
  refunded_at timestamptz,
  tracking_code text check (tracking_code is null or length(tracking_code) between 1 and 60),
  rejection_reason text check (rejection_reason is null or length(rejection_reason) between 1 and 500),
  paid_at timestamptz,
  sent_at timestamptz,
  delivered_at timestamptz,
  resolved_at timestamptz,
  handled_by bigint references users (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (total_cents = silver_value_cents + minting_cents + shipping_cents + insurance_cents + icms_cents
                       + difal_cents + pis_cents + cofins_cents),
  -- a purchase is the silver value plus the charges; a custody withdrawal charges no silver value, needs an account
  check (kind = 'purchase' or (silver_value_cents = 0 and user_id is not null)),
  check (payment_method = 'pix' or user_id is not null),
  check ((status = 'rejected') = (rejection_reason is not null)),
  check (status not in ('sent', 'delivered') or tracking_code is not null)
);
create index silver_withdrawals_user_idx on silver_withdrawals (user_id, id desc) where user_id is not null;
create index silver_withdrawals_status_idx on silver_withdrawals (status, id);
create index silver_withdrawals_expiry_idx on silver_withdrawals (pix_expires_at)
  where status = 'pending' and payment_method = 'pix';

create table silver_withdrawal_items (
  silver_withdrawal_id bigint not null references silver_withdrawals (id),
  product_type_id bigint not null references silver_product_types (id),
  -- the product's name when ordered
  name text not null,
  quantity integer not null check (quantity > 0),
  grams_cg bigint not null check (grams_cg > 0),
  price_per_gram_cents bigint not null check (price_per_gram_cents >= 0),
  silver_value_cents bigint not null check (silver_value_cents >= 0),
  minting_cents bigint not null check (minting_cents >= 0),
  shipping_cents bigint not null check (shipping_cents >= 0),
  insurance_cents bigint not null check (insurance_cents >= 0),
  icms_cents bigint not null check (icms_cents >= 0),
  difal_cents bigint not null check (difal_cents >= 0),
  pis_cents bigint not null check (pis_cents >= 0),
  cofins_cents bigint not null check (cofins_cents >= 0),
  discount_cents bigint not null check (discount_cents >= 0),
  total_cents bigint not null check (total_cents >= 0),
  primary key (silver_withdrawal_id, product_type_id)
);
