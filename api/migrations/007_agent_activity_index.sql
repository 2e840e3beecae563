-- One user's activities over a window of days (a field agent's own list, an agent's list, My Work)
-- are read from that user's side: each assignment carries its activity's start, tenant and
-- liveness, so that an index on (user, start) gives a user's window in start order without touching
-- the activities of everyone else. A busy agent with 100,000 assignments then costs what their
-- window holds, not what they were ever assigned. The copies are kept by triggers.
alter table activity_assignments
  add column activity_start timestamptz,
  add column activity_tenant_id uuid,
  add column activity_live boolean not null default true;

update activity_assignments aa
set activity_start = a.start_date, activity_tenant_id = a.tenant_id, activity_live = a.deleted_at is null
from activities a where a.id = aa.activity_id;

create index activity_assignments_user_start_idx on activity_assignments (user_id, activity_start desc, activity_id)
  include (activity_tenant_id, status_id) where activity_live;

-- What a user created, the same way.
create index activities_created_user_start_idx on activities (created_user_id, start_date desc, id)
  include (tenant_id) where deleted_at is null;
drop index if exists activities_created_user_idx;

create function activity_assignments_copy_activity() returns trigger language plpgsql as $$
begin
  select a.start_date, a.tenant_id, a.deleted_at is null into new.activity_start, new.activity_tenant_id, new.activity_live
  from activities a where a.id = new.activity_id;
  return new;
end $$;

create trigger activity_assignments_copy_activity before insert or update of activity_id on activity_assignments
  for each row execute function activity_assignments_copy_activity();

-- Only activities whose start, tenant or liveness changed touch their assignments.
create function activities_copy_to_assignments() returns trigger language plpgsql as $$
begin
  update activity_assignments aa
  set activity_start = n.start_date, activity_tenant_id = n.tenant_id, activity_live = n.deleted_at is null
  from new_rows n join old_rows o on o.id = n.id
  where aa.activity_id = n.id
    and (n.start_date is distinct from o.start_date or n.tenant_id <> o.tenant_id or (n.deleted_at is null) <> (o.deleted_at is null));
  return null;
end $$;

create trigger activities_copy_to_assignments after update on activities
  referencing old table as old_rows new table as new_rows for each statement execute function activities_copy_to_assignments();
