-- The fix time of the position geo_devices.position_id names. The position writer reads it to tell
-- an out-of-order position from a newer one without probing every month's partition for the
-- position's id, and a reader can fetch the latest position with partition pruning:
--   join positions p on p.id = d.position_id and p.fix_time = d.position_fix_time
alter table geo_devices add column position_fix_time timestamptz;

-- Every batch of positions updates its devices' rows (last_update, position_id): room left on each
-- page lets PostgreSQL update them in place (HOT), without new entries in every index of the table.
alter table geo_devices set (fillfactor = 50);
