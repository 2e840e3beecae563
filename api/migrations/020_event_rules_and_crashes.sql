-- Event actions as rules run at ingest, their firings, and crashes (issue 19 items 4 and 5).

-- A rule's conditions beyond its event type: an IO element's value, a geofence, a weekly time window
-- (days 1 = Monday .. 7 = Sunday, local start and end 'HH:MM' in the rule tenant's time zone), and
-- what it does besides the in-app notification: notify named users, mail addresses and users.
alter table event_actions add column io_id integer;
alter table event_actions add column io_value text;
alter table event_actions add column geofence_id uuid references geofences(id) on delete set null;
alter table event_actions add column time_window jsonb;
alter table event_actions add column notify_user_ids jsonb not null default '[]'::jsonb;
alter table event_actions add column email_addresses jsonb not null default '[]'::jsonb;
alter table event_actions add column email_user_ids jsonb not null default '[]'::jsonb;

-- The devices a rule is limited to; none: every device of its tenant's subtree.
create table event_action_devices (
  event_action_id uuid not null references event_actions(id) on delete cascade,
  device_id uuid not null references geo_devices(id) on delete cascade,
  primary key (event_action_id, device_id)
);
create index event_action_devices_device_idx on event_action_devices (device_id);

-- Each time a rule fired, and what it did.
create table event_action_firings (
  id bigserial primary key,
  event_action_id uuid not null references event_actions(id) on delete cascade,
  tenant_id uuid not null references tenants(id),
  device_id uuid not null references geo_devices(id) on delete cascade,
  event_id bigint references device_events(id) on delete set null,
  position_id bigint,
  event_type text not null,
  event_time timestamptz not null,
  fired_at timestamptz not null default now(),
  notified integer not null default 0,
  mailed integer not null default 0,
  command_queue_id uuid references command_queue(id) on delete set null,
  error text
);
create index event_action_firings_action_idx on event_action_firings (event_action_id, fired_at desc, id desc);

-- Crashes opened at ingest: an accident alarm, or an impact reading above the configured threshold.
-- asset_id has no foreign key until the assets tables are merged (migration 019 on its own branch).
create table crash_events (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  device_id uuid not null references geo_devices(id) on delete cascade,
  asset_id uuid,
  position_id bigint,
  event_id bigint references device_events(id) on delete set null,
  occurred_at timestamptz not null,
  -- Where, copied from the position: positions are partitioned by time and looked up by id alone slowly.
  latitude double precision,
  longitude double precision,
  kind text not null check (kind in ('accident', 'impact')),
  reading double precision,
  status text not null default 'NEW' check (status in ('NEW', 'APPROVED', 'REJECTED')),
  automatic boolean not null default true,
  reviewed_by uuid references users(id),
  reviewed_at timestamptz,
  review_comment text,
  date_created timestamptz not null default now()
);
create index crash_events_tenant_status_idx on crash_events (tenant_id, status, occurred_at desc, id desc);
create index crash_events_device_idx on crash_events (device_id, occurred_at desc);
