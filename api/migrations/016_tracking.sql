-- Tracking (tracking spec 3, 4, 7): devices and their hardware, positions from the device
-- listeners, per-device processing state kept across restarts, trips, stops and events computed at
-- ingest, geofences and points of interest with their device links, saved and queued commands,
-- event IO and event actions, drivers and countries.
--
-- Positions are the one table that grows without end (a tracker every 10 s is 260,000 rows a month):
-- partitioned by month of fix time, indexed by (device, fix time), written in batches. The writer
-- creates a month's partition before the first batch that needs it; anything far outside the
-- months it keeps (a tracker that lost its clock) lands in the default partition.

create table device_hardware (
  id uuid primary key default gen_random_uuid(),
  make text not null,
  model text not null,
  -- The listener that speaks to it: 'osmand' or 'teltonika'.
  protocol text not null,
  description text,
  date_created timestamptz not null default now(),
  unique (make, model)
);

create table geo_devices (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  -- What the device reports itself as (IMEI for Teltonika, the id of an OsmAnd client). One live
  -- device per identifier across all tenants: the listeners find the device by it alone.
  unique_id text not null,
  hardware_id uuid references device_hardware(id),
  phone text,
  model text,
  category text,
  contact text,
  disabled boolean not null default false,
  -- The latest position by fix time, and when the device was last heard from (any packet).
  position_id bigint,
  last_update timestamptz,
  attributes jsonb not null default '{}'::jsonb,
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz,
  search_text text generated always as (upper(name || ' ' || unique_id || ' ' || coalesce(phone, '') || ' ' || coalesce(model, ''))) stored
);
create unique index geo_devices_unique_id_idx on geo_devices (unique_id) where deleted_at is null;
create index geo_devices_tenant_name_idx on geo_devices (tenant_id, name, id) where deleted_at is null;
create index geo_devices_search_trgm_idx on geo_devices using gin (search_text gin_trgm_ops);

create table positions (
  id bigserial not null,
  device_id uuid not null,
  tenant_id uuid not null,
  protocol text not null,
  server_time timestamptz not null default now(),
  device_time timestamptz not null,
  fix_time timestamptz not null,
  valid boolean not null default true,
  -- Out of order: older than the device's latest position when it arrived (stored, raises no events).
  outdated boolean not null default false,
  latitude double precision not null,
  longitude double precision not null,
  altitude double precision not null default 0,
  -- Knots, as Traccar keeps it; the browser converts for display.
  speed double precision not null default 0,
  course double precision not null default 0,
  accuracy double precision not null default 0,
  address text,
  attributes jsonb not null default '{}'::jsonb,
  primary key (id, fix_time)
) partition by range (fix_time);
create index positions_device_fix_time_idx on positions (device_id, fix_time);
create table positions_default partition of positions default;

-- What processing needs to carry on where it stopped: the last position it processed, motion and
-- the open trip or stop, accumulated odometer and engine hours, the geofences the device is in,
-- the current driver. One row per device, written with each batch.
create table device_state (
  device_id uuid primary key references geo_devices(id) on delete cascade,
  state jsonb not null,
  date_modified timestamptz not null default now()
);

create table device_trips (
  id uuid primary key default gen_random_uuid(),
  device_id uuid not null references geo_devices(id) on delete cascade,
  tenant_id uuid not null references tenants(id),
  start_time timestamptz not null,
  end_time timestamptz not null,
  start_position_id bigint,
  end_position_id bigint,
  start_lat double precision not null,
  start_lon double precision not null,
  end_lat double precision not null,
  end_lon double precision not null,
  start_address text,
  end_address text,
  -- Metres.
  distance double precision not null default 0,
  start_odometer double precision not null default 0,
  end_odometer double precision not null default 0,
  -- Knots.
  average_speed double precision not null default 0,
  max_speed double precision not null default 0,
  -- Milliseconds.
  duration bigint not null default 0,
  driver_unique_id text,
  driver_name text
);
create index device_trips_device_start_idx on device_trips (device_id, start_time);

create table device_stops (
  id uuid primary key default gen_random_uuid(),
  device_id uuid not null references geo_devices(id) on delete cascade,
  tenant_id uuid not null references tenants(id),
  start_time timestamptz not null,
  end_time timestamptz not null,
  position_id bigint,
  latitude double precision not null,
  longitude double precision not null,
  address text,
  start_odometer double precision not null default 0,
  end_odometer double precision not null default 0,
  -- Milliseconds.
  duration bigint not null default 0,
  engine_hours bigint not null default 0
);
create index device_stops_device_start_idx on device_stops (device_id, start_time);

create table geofences (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  description text,
  -- 'geofence' or 'poi' (a point of interest: the same shapes, listed apart, raising no events).
  type text not null check (type in ('geofence', 'poi')),
  -- 'polygon', 'circle' (a Point with radius metres) or 'corridor' (a LineString with width metres).
  shape text not null check (shape in ('polygon', 'circle', 'corridor')),
  geometry jsonb not null,
  radius double precision,
  width double precision,
  -- The shape's bounding box (with the radius or half width around it), so a position is tested
  -- only against the fences whose box holds it.
  min_lat double precision not null,
  min_lon double precision not null,
  max_lat double precision not null,
  max_lon double precision not null,
  attributes jsonb not null default '{}'::jsonb,
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz,
  search_text text generated always as (upper(name || ' ' || coalesce(description, ''))) stored
);
create index geofences_tenant_type_name_idx on geofences (tenant_id, type, name, id) where deleted_at is null;

-- The spec's "permissions": which geofences a device is tested against.
create table device_geofences (
  id uuid primary key default gen_random_uuid(),
  device_id uuid not null references geo_devices(id) on delete cascade,
  geofence_id uuid not null references geofences(id) on delete cascade,
  date_created timestamptz not null default now(),
  unique (device_id, geofence_id)
);
create index device_geofences_geofence_idx on device_geofences (geofence_id);

create table drivers (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  -- What the device reports (driverUniqueId, an iButton or RFID card).
  unique_id text not null,
  phone text,
  attributes jsonb not null default '{}'::jsonb,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz
);
create unique index drivers_tenant_unique_id_idx on drivers (tenant_id, unique_id) where deleted_at is null;

create table device_events (
  id bigserial primary key,
  device_id uuid not null references geo_devices(id) on delete cascade,
  tenant_id uuid not null references tenants(id),
  -- Traccar's names: ignitionOn, ignitionOff, alarm, geofenceEnter, geofenceExit, deviceMoving,
  -- deviceStopped, driverChanged, commandResult.
  type text not null,
  event_time timestamptz not null,
  position_id bigint,
  geofence_id uuid references geofences(id) on delete set null,
  attributes jsonb not null default '{}'::jsonb
);
create index device_events_device_time_idx on device_events (device_id, event_time desc);
create index device_events_tenant_time_idx on device_events (tenant_id, event_time desc);

-- Tracking notifications (tracking spec 3): one per event worth telling, for everyone whose tenant
-- subtree holds the device; listed by tenant, pushed live over the socket.
create table tracking_notifications (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  device_id uuid references geo_devices(id) on delete cascade,
  event_id bigint references device_events(id) on delete cascade,
  item_type text not null,
  message text not null,
  message_data jsonb not null default '{}'::jsonb,
  date_created timestamptz not null default now()
);
create index tracking_notifications_tenant_created_idx on tracking_notifications (tenant_id, date_created desc);

-- Saved commands (tracking spec 3, Command), optionally for one hardware type.
create table commands (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  description text not null,
  -- Traccar's command types: custom, engineStop, engineResume, positionPeriodic, ...
  command_type text not null,
  hardware_id uuid references device_hardware(id),
  attributes jsonb not null default '{}'::jsonb,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz
);
create index commands_tenant_idx on commands (tenant_id, description) where deleted_at is null;

-- Commands on their way to a device: queued until its next contact (OsmAnd replies with it, a
-- Teltonika connection is sent it), then marked sent.
create table command_queue (
  id uuid primary key default gen_random_uuid(),
  device_id uuid not null references geo_devices(id) on delete cascade,
  tenant_id uuid not null references tenants(id),
  command_type text not null,
  attributes jsonb not null default '{}'::jsonb,
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  sent_at timestamptz,
  result text
);
create index command_queue_pending_idx on command_queue (device_id, date_created) where sent_at is null;

-- Event actions: what an event raises (a notification, a command). Event IO: how a hardware's IO
-- element maps to an attribute and, optionally, an event type.
create table event_actions (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  event_type text not null,
  action text not null default 'notify',
  attributes jsonb not null default '{}'::jsonb,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz
);
create index event_actions_tenant_idx on event_actions (tenant_id, name) where deleted_at is null;

create table event_ios (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  hardware_id uuid references device_hardware(id),
  io_id integer not null,
  name text not null,
  attribute text not null,
  event_type text,
  event_action_id uuid references event_actions(id) on delete set null,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz
);
create index event_ios_tenant_idx on event_ios (tenant_id, io_id) where deleted_at is null;
create index event_ios_action_idx on event_ios (event_action_id) where deleted_at is null;

create table countries (
  code text primary key,
  name text not null,
  dialling_code text,
  currency_code text
);
