-- The fix time of the position geo_devices.position_id names. The position writer reads it (with the
-- device row locked) to tell an out-of-order position from a newer one without probing every month's
-- partition for the position's id, and a reader can fetch the latest position with partition pruning:
--   join positions p on p.id = d.position_id and p.fix_time = d.position_fix_time
alter table geo_devices add column position_fix_time timestamptz;
