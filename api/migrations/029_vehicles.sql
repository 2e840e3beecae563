-- Vehicles of the recovery business (issue 20): vehicles, their reference lists, repossessions with their
-- status history, and bluebook valuations. Dispatch, rewards, sightings, spotters, third parties and bids
-- attach to repossessions later; their tables are not here.

-- Reference lists are a company's catalogue, like asset categories: seen from its branches too.
create table vehicle_categories (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  date_created timestamptz not null default now()
);
create unique index vehicle_categories_tenant_name_idx on vehicle_categories (tenant_id, lower(name));

create table vehicle_features (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  date_created timestamptz not null default now()
);
create unique index vehicle_features_tenant_name_idx on vehicle_features (tenant_id, lower(name));

create table vehicle_attributes (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  date_created timestamptz not null default now()
);
create unique index vehicle_attributes_tenant_name_idx on vehicle_attributes (tenant_id, lower(name));

create table vehicles (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  registration_number text not null,
  engine_number text,
  vehicle_identification_number text,
  make text not null,
  model text,
  year integer check (year between 1900 and 2100),
  colour text,
  status text not null default 'active' check (status in ('active', 'repossession', 'recovered', 'sold', 'inactive')),
  category_id uuid references vehicle_categories(id) on delete set null,
  asset_id uuid references assets(id) on delete set null,
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz,
  search_text text generated always as (
    upper(registration_number || ' ' || make || ' ' || coalesce(model, '') || ' ' || coalesce(vehicle_identification_number, '')
      || ' ' || coalesce(engine_number, ''))
  ) stored
);
-- Identifiers compare without case or spaces, once per tenant among live vehicles (README: the scope of uniqueness).
create unique index vehicles_tenant_registration_idx on vehicles (tenant_id, upper(replace(registration_number, ' ', '')))
  where deleted_at is null;
create unique index vehicles_tenant_engine_idx on vehicles (tenant_id, upper(replace(engine_number, ' ', '')))
  where deleted_at is null and engine_number is not null;
create unique index vehicles_tenant_vin_idx on vehicles (tenant_id, upper(replace(vehicle_identification_number, ' ', '')))
  where deleted_at is null and vehicle_identification_number is not null;
create index vehicles_tenant_created_idx on vehicles (tenant_id, date_created, id) where deleted_at is null;
create index vehicles_asset_idx on vehicles (asset_id) where deleted_at is null;

create table repossessions (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  vehicle_id uuid not null references vehicles(id),
  status text not null default 'New'
    check (status in ('New', 'Dispatched', 'Sighted', 'Recovered', 'In storage', 'Listed', 'Sold', 'Returned', 'Cancelled')),
  reason text,
  notes text,
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz
);
-- One open repossession per vehicle: a second is raised only once the first is sold, returned or cancelled.
create unique index repossessions_open_vehicle_idx on repossessions (vehicle_id)
  where deleted_at is null and status not in ('Sold', 'Returned', 'Cancelled');
create index repossessions_tenant_created_idx on repossessions (tenant_id, date_created, id) where deleted_at is null;

-- One row per status move (and one for the raising); seq orders moves made within one transaction.
create table repossession_history (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity,
  repossession_id uuid not null references repossessions(id) on delete cascade,
  from_status text,
  to_status text not null,
  note text,
  user_id uuid references users(id),
  date_created timestamptz not null default now()
);
create index repossession_history_repossession_idx on repossession_history (repossession_id, seq);

-- Valuations in integer minor units with their ISO 4217 currency: money never floats.
create table bluebook_values (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  make text not null,
  model text not null,
  year integer not null check (year between 1900 and 2100),
  value_minor bigint not null check (value_minor >= 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now()
);
create unique index bluebook_values_tenant_vehicle_idx on bluebook_values (tenant_id, upper(make), upper(model), year);

-- Photos of a vehicle, as asset photos are kept (files/photo-store.ts): the row names the files under DATA_DIR.
create table vehicle_photos (
  id uuid primary key default gen_random_uuid(),
  vehicle_id uuid not null references vehicles(id) on delete cascade,
  tenant_id uuid not null references tenants(id),
  file_name text not null,
  stored_name text not null,
  content_type text not null,
  width integer not null,
  height integer not null,
  size_bytes integer not null,
  thumb_width integer not null,
  thumb_height integer not null,
  thumb_size_bytes integer not null,
  uploaded_by_user_id uuid references users(id),
  date_created timestamptz not null default now()
);
create index vehicle_photos_vehicle_idx on vehicle_photos (vehicle_id, date_created);
