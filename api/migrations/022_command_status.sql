-- A sent command's life (issue 19, item 3): queued, sent (given to the device), answered (a Teltonika
-- codec 12 reply), or failed (a Teltonika tracker that did not answer in time). An OsmAnd client is
-- given its command in the reply to a report and never answers: sent is its last state.
alter table command_queue add column sent_over text;
alter table command_queue add column answered_at timestamptz;
alter table command_queue add column failed_at timestamptz;
alter table command_queue add column failure text;

-- The history of a tenant's commands, newest first, and of one device's.
create index command_queue_tenant_created_idx on command_queue (tenant_id, date_created desc);
create index command_queue_device_created_idx on command_queue (device_id, date_created desc);
-- The few sent commands still waiting for an answer, which the sweep fails when it is too late.
create index command_queue_awaiting_idx on command_queue (sent_at)
  where sent_over = 'teltonika' and result is null and failed_at is null;
