-- Assets (tracking spec 3, 7 Assets; issue 19): the vehicles a tenant tracks, each carrying one
-- Primary device (the one its position, telemetry, odometer and engine hours come from) and any
-- number of Bluetooth transponders; asset groups tied to a role (who sees them), categories, photos
-- stored as files under DATA_DIR, and the history of which device was in which asset when.

-- Reference rows, the same for every tenant: fixed small ids so a client may hard-code them.
create table asset_device_types (
  id smallint primary key,
  name text not null unique
);
insert into asset_device_types (id, name) values (1, 'Primary'), (2, 'Bluetooth Transponder');

create table asset_groups (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  -- Holders of this role see the group and its assets; a role deleted leaves the group to those who see every group.
  role_id uuid references roles(id) on delete set null,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now()
);
create unique index asset_groups_tenant_name_idx on asset_groups (tenant_id, lower(name));
create index asset_groups_role_idx on asset_groups (role_id);

create table asset_categories (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now()
);
create unique index asset_categories_tenant_name_idx on asset_categories (tenant_id, lower(name));

create table assets (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  registration_number text not null,
  make text not null,
  -- The display name (spec 2): the registration number followed by the make.
  name text generated always as (registration_number || ' ' || make) stored,
  status text not null default 'active' check (status in ('active', 'inactive', 'maintenance', 'stolen', 'recovered')),
  group_id uuid references asset_groups(id) on delete set null,
  category_id uuid references asset_categories(id) on delete set null,
  features jsonb not null default '[]'::jsonb,
  map_icon text,
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz,
  search_text text generated always as (upper(registration_number || ' ' || make)) stored
);
-- Registration numbers compare without case or spaces: 'nd 123-456' and 'ND123-456' are one vehicle.
create unique index assets_tenant_registration_idx on assets (tenant_id, upper(replace(registration_number, ' ', '')))
  where deleted_at is null;
create index assets_tenant_name_idx on assets (tenant_id, name, id) where deleted_at is null;
create index assets_tenant_created_idx on assets (tenant_id, date_created, id) where deleted_at is null;
create index assets_group_idx on assets (group_id) where deleted_at is null;
create index assets_category_idx on assets (category_id) where deleted_at is null;
create index assets_search_trgm_idx on assets using gin (search_text gin_trgm_ops);

-- Links of live assets only: deleting an asset unlinks its devices (closing their history rows).
create table asset_devices (
  id uuid primary key default gen_random_uuid(),
  asset_id uuid not null references assets(id) on delete cascade,
  device_id uuid not null references geo_devices(id) on delete cascade,
  device_type_id smallint not null references asset_device_types(id),
  date_created timestamptz not null default now()
);
-- A device is in at most one asset, and an asset has at most one Primary device.
create unique index asset_devices_device_idx on asset_devices (device_id);
create unique index asset_devices_primary_idx on asset_devices (asset_id) where device_type_id = 1;
create index asset_devices_asset_idx on asset_devices (asset_id);

-- One row per stretch of time a device spent in an asset (as one type); unlinked_at null while it still is.
create table asset_device_history (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  device_id uuid not null references geo_devices(id) on delete cascade,
  asset_id uuid not null references assets(id) on delete cascade,
  device_type_id smallint not null references asset_device_types(id),
  linked_at timestamptz not null default now(),
  unlinked_at timestamptz,
  linked_by_user_id uuid references users(id),
  unlinked_by_user_id uuid references users(id)
);
create index asset_device_history_device_idx on asset_device_history (device_id, linked_at desc);
create index asset_device_history_asset_idx on asset_device_history (asset_id, linked_at desc);
create index asset_device_history_tenant_idx on asset_device_history (tenant_id, linked_at desc);

-- Photos: the resized original and its thumbnail are files under DATA_DIR/files/assets/<asset id>/.
create table asset_photos (
  id uuid primary key default gen_random_uuid(),
  asset_id uuid not null references assets(id) on delete cascade,
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
create index asset_photos_asset_idx on asset_photos (asset_id, date_created);
