-- Administration content: document templates, locations, per-tenant settings, the product catalogue
-- and the products each tenant offers.

-- Templates of types 1 HTML, 2 Word, 3 Text, 4 WhatsApp. A Word template's document lives on disk
-- under DATA_DIR/files/templates/<id>/<document_file>; document_file is a name the server chose,
-- document_name the uploader's own file name, given back only as the download's file name.
create table templates (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  type smallint not null check (type between 1 and 4),
  subject text,
  body text not null default '',
  document_file text,
  document_name text,
  document_type text,
  document_size integer,
  created_by_user_id uuid references users(id) on delete set null,
  date_created timestamptz not null default now(),
  date_updated timestamptz not null default now()
);
create unique index templates_tenant_name_idx on templates (tenant_id, lower(name));

create table locations (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  address text,
  lat double precision check (lat between -90 and 90),
  lng double precision check (lng between -180 and 180),
  active boolean not null default true,
  date_created timestamptz not null default now(),
  date_updated timestamptz not null default now(),
  -- A point on the map needs both coordinates.
  check ((lat is null) = (lng is null))
);
create unique index locations_tenant_name_idx on locations (tenant_id, lower(name));

-- A tenant's own setting values, one row per key; a key without a row is inherited from the nearest
-- ancestor that has one, else the product default. The currency is kept on the tenant itself
-- (tenants.currency_code, currency_symbol) and is not repeated here.
create table tenant_settings (
  tenant_id uuid not null references tenants(id),
  key text not null,
  value jsonb not null,
  updated_by_user_id uuid references users(id) on delete set null,
  date_updated timestamptz not null default now(),
  primary key (tenant_id, key)
);

create table product_categories (
  id uuid primary key default gen_random_uuid(),
  code text not null unique,
  name text not null
);

create table products (
  id uuid primary key default gen_random_uuid(),
  category_id uuid not null references product_categories(id),
  code text not null unique,
  name text not null,
  active boolean not null default true
);
create index products_category_idx on products (category_id);

create table tenant_products (
  tenant_id uuid not null references tenants(id),
  product_id uuid not null references products(id),
  primary key (tenant_id, product_id)
);

-- The starting catalogue of every installation, identified by code (ids differ per installation).
insert into product_categories (code, name) values
  ('CS', 'Consumer Lending'),
  ('SME', 'SME Lending'),
  ('INS', 'Insurance'),
  ('TRK', 'Vehicle Tracking');

insert into products (category_id, code, name)
select c.id, p.code, p.name from (values
  ('CS', 'CS-PL', 'Personal Loan'),
  ('CS', 'CS-PAY', 'Payroll Loan'),
  ('CS', 'CS-EMG', 'Emergency Loan'),
  ('SME', 'SME-WC', 'Working Capital Loan'),
  ('SME', 'SME-AF', 'Asset Finance'),
  ('INS', 'INS-CL', 'Credit Life Cover'),
  ('INS', 'INS-FUN', 'Funeral Cover'),
  ('TRK', 'TRK-SVR', 'Stolen Vehicle Recovery'),
  ('TRK', 'TRK-FLT', 'Fleet Management')
) as p(category, code, name) join product_categories c on c.code = p.category;
