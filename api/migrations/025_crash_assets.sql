-- Crashes belong to the asset their device was in when they happened (issue 19: the asset panel's
-- Crash tab). Crashes opened before assets existed get the asset their device is in now.
update crash_events c set asset_id = ad.asset_id from asset_devices ad where ad.device_id = c.device_id and c.asset_id is null;
alter table crash_events add constraint crash_events_asset_fk foreign key (asset_id) references assets(id) on delete set null;
create index crash_events_asset_status_idx on crash_events (asset_id, status, occurred_at desc) where asset_id is not null;
