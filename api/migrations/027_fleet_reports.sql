-- Fleet reports (issue 19 item 8): read from the trips, stops and events stored at ingest.

-- Hotspots, idle time and device usage sum a month of stops per device: carrying the summed columns in
-- the index lets them read the index alone. It serves every (device_id, start_time) range the old one did.
create index device_stops_device_start_cover_idx on device_stops (device_id, start_time)
  include (end_time, latitude, longitude, duration, engine_hours);
drop index device_stops_device_start_idx;

-- Device usage sums trips the same way.
create index device_trips_device_start_cover_idx on device_trips (device_id, start_time) include (distance, duration);
drop index device_trips_device_start_idx;

-- The tamper report: alarms of a subtree's tenants over days, without walking every other event.
create index device_events_alarm_tenant_time_idx on device_events (tenant_id, event_time desc) where type = 'alarm';

-- The asset trips report kept per asset (spec 9: reused when the request is identical). One row per asset:
-- a new request replaces the last one.
create table asset_trip_reports (
  asset_id uuid primary key references assets(id) on delete cascade,
  tenant_id uuid not null references tenants(id),
  request_hash text not null,
  period_end timestamptz not null,
  payload jsonb not null,
  computed_at timestamptz not null default now()
);
