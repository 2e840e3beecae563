-- Activity list items kept ready (a read model). Building a list item means an activity's row, its
-- creator's name, its assignees with their names and statuses, its clients, leads and route plans:
-- about 0.7 ms of PostgreSQL's time for a page of 20, most of the time a list takes. Here each
-- activity's item is built when the activity or anything it shows changes, by the triggers below,
-- and a list page reads 20 ready texts (api/src/modules/activities/activity-read.ts).
--
-- The names of the tenant, the activity type and the status are not kept in the item: they are
-- joined when the item is read. Renaming one of those would otherwise rewrite every item of a
-- company, up to millions of rows; renaming a person, client, lead or plan rewrites only the items
-- that show them.
--
-- The item's shape lives in activity_list_items_of alone. To change it, replace that function in a
-- new migration and rebuild the items there (select activity_list_items_write(...) over all ids).
create table activity_list_items (
  activity_id uuid primary key references activities(id) on delete cascade,
  -- The list item as the text of a JSON object, without typeDesc, status, statusText and tenantName.
  item text not null
);

-- The list items of the activities `ids`, built from their rows now. Times are written as JavaScript
-- writes a Date (2026-11-24T06:00:00.000Z) and a person's name as "First Last".
create function activity_list_items_of(ids uuid[]) returns table (activity_id uuid, item text) language sql stable as $$
  with wanted as (select distinct w.id from unnest(ids) as w(id) where w.id is not null),
  assignees as (
    select aa.activity_id, json_agg(json_build_object('Id', u.id, 'firstName', u.first_name, 'lastName', u.last_name,
      'activityAssignmentId', aa.id, 'statusId', aa.status_id, 'statusText', aa.status_text) order by u.first_name, u.last_name, u.id) as list
    from wanted join activity_assignments aa on aa.activity_id = wanted.id join users u on u.id = aa.user_id group by aa.activity_id),
  clients_of as (
    select ac.activity_id, json_agg(json_build_object('Id', c.id, 'firstName', c.first_name, 'lastName', c.last_name) order by c.first_name, c.last_name, c.id) as list
    from wanted join activity_clients ac on ac.activity_id = wanted.id join clients c on c.id = ac.client_id and c.deleted_at is null group by ac.activity_id),
  leads_of as (
    select al.activity_id, json_agg(json_build_object('Id', l.id, 'firstName', l.first_name, 'lastName', l.last_name) order by l.first_name, l.last_name, l.id) as list
    from wanted join activity_leads al on al.activity_id = wanted.id join leads l on l.id = al.lead_id and l.deleted_at is null group by al.activity_id),
  plans_of as (
    select s.activity_id, json_agg(json_build_object('Id', p.id, 'name', p.name) order by p.plan_date, p.name) as list,
      json_agg(p.name order by p.plan_date, p.name) as names
    from wanted join activity_plan_stops s on s.activity_id = wanted.id join activity_plans p on p.id = s.plan_id and p.deleted_at is null group by s.activity_id)
  select a.id, json_build_object('Id', a.id, 'parentId', a.parent_id, 'name', a.name, 'description', a.description,
      'activityTypeId', a.activity_type_id, 'statusId', a.status_id,
      'location', a.location, 'lat', a.lat, 'lng', a.lng,
      'startDate', to_char(a.start_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'endDate', to_char(a.end_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'tenantId', a.tenant_id,
      'createdUserId', a.created_user_id, 'createdBy', nullif(trim(coalesce(cu.first_name, '') || ' ' || coalesce(cu.last_name, '')), ''),
      'dateCreated', to_char(a.date_created at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'dateModified', to_char(a.date_modified at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'assignedUsers', coalesce(asg.list, '[]'), 'clients', coalesce(cl.list, '[]'), 'leads', coalesce(ld.list, '[]'),
      'activityPlans', coalesce(pl.list, '[]'), 'activityPlanNames', coalesce(pl.names, '[]'))::text
  from wanted join activities a on a.id = wanted.id
    left join users cu on cu.id = a.created_user_id
    left join assignees asg on asg.activity_id = a.id
    left join clients_of cl on cl.activity_id = a.id
    left join leads_of ld on ld.activity_id = a.id
    left join plans_of pl on pl.activity_id = a.id
$$;

-- Writes the items of `ids` as they are now. Used alone only for activities that no other
-- transaction can see yet (just inserted); everything else goes through activity_list_items_refresh.
-- PL/pgSQL keeps the statement's plan for the connection. It is generic by force: a plan made for
-- the array at hand costs about 3 ms to make, and PostgreSQL would go on making one per call, since
-- the generic plan's estimate (10 ids) always looks dearer than a custom plan's for one id.
create function activity_list_items_write(ids uuid[]) returns void language plpgsql set plan_cache_mode = force_generic_plan as $$
begin
  insert into activity_list_items as i (activity_id, item)
  select f.activity_id, f.item from activity_list_items_of(ids) f
  on conflict (activity_id) do update set item = excluded.item where i.item is distinct from excluded.item;
end $$;

-- Rewrites the items of `ids` after a change. The activities are locked first, in id order so that
-- two refreshes never wait on each other crosswise: a second transaction changing what one of
-- these items shows waits here until this one commits, and then builds the item from a snapshot
-- taken after the lock (a new statement of this volatile function), which holds this transaction's
-- changes. Without the lock, two transactions changing one activity together (a manager renaming
-- it while its agent moves their status) could each write an item missing the other's change.
create function activity_list_items_refresh(ids uuid[]) returns void language plpgsql as $$
begin
  if coalesce(cardinality(ids), 0) = 0 then return; end if;
  perform 1 from activities a where a.id = any(ids) order by a.id for no key update;
  perform activity_list_items_write(ids);
end $$;

-- Activities: a new one's item is built at once; an updated one's is rebuilt (deletion cascades).
create function activity_list_items_on_activity_insert() returns trigger language plpgsql as $$
begin
  perform activity_list_items_write(array(select id from new_rows));
  return null;
end $$;

create function activity_list_items_on_activity_update() returns trigger language plpgsql as $$
begin
  perform activity_list_items_refresh(array(select n.id from new_rows n join old_rows o on o.id = n.id where n is distinct from o));
  return null;
end $$;

create trigger activities_list_items_insert after insert on activities
  referencing new table as new_rows for each statement execute function activity_list_items_on_activity_insert();
create trigger activities_list_items_update after update on activities
  referencing old table as old_rows new table as new_rows for each statement execute function activity_list_items_on_activity_update();

-- Tables whose rows name an activity (activity_id): its assignees, clients, leads and plan stops.
create function activity_list_items_on_link_insert() returns trigger language plpgsql as $$
begin
  perform activity_list_items_refresh(array(select distinct activity_id from new_rows));
  return null;
end $$;

create function activity_list_items_on_link_delete() returns trigger language plpgsql as $$
begin
  perform activity_list_items_refresh(array(select distinct activity_id from old_rows));
  return null;
end $$;

create function activity_list_items_on_link_update() returns trigger language plpgsql as $$
begin
  perform activity_list_items_refresh(array(select activity_id from new_rows union select activity_id from old_rows));
  return null;
end $$;

-- An assignment shows its user and status; the copies of its activity's start, tenant and liveness
-- (migration 007) do not show, and moving activities rewrites those copies.
create function activity_list_items_on_assignment_update() returns trigger language plpgsql as $$
begin
  perform activity_list_items_refresh(array(
    select x.activity_id from new_rows n join old_rows o on o.id = n.id, lateral (values (n.activity_id), (o.activity_id)) x(activity_id)
    where (n.activity_id, n.user_id, n.status_id, n.status_text) is distinct from (o.activity_id, o.user_id, o.status_id, o.status_text)));
  return null;
end $$;

-- The same three triggers on each table whose rows name an activity; an assignment's update is its own.
do $$
declare
  link text;
begin
  foreach link in array array['activity_assignments', 'activity_clients', 'activity_leads', 'activity_plan_stops'] loop
    execute format('create trigger %I after insert on %I referencing new table as new_rows
      for each statement execute function activity_list_items_on_link_insert()', link || '_list_items_insert', link);
    execute format('create trigger %I after delete on %I referencing old table as old_rows
      for each statement execute function activity_list_items_on_link_delete()', link || '_list_items_delete', link);
    execute format('create trigger %I after update on %I referencing old table as old_rows new table as new_rows
      for each statement execute function %I()', link || '_list_items_update', link,
      case link when 'activity_assignments' then 'activity_list_items_on_assignment_update' else 'activity_list_items_on_link_update' end);
  end loop;
end $$;

-- What items show of people, clients, leads and plans: a change rewrites the items that show it.
create function activity_list_items_on_user_update() returns trigger language plpgsql as $$
begin
  perform activity_list_items_refresh(array(
    with renamed as (select n.id from new_rows n join old_rows o on o.id = n.id
      where (n.first_name, n.last_name) is distinct from (o.first_name, o.last_name))
    select aa.activity_id from activity_assignments aa join renamed on renamed.id = aa.user_id
    union select a.id from activities a join renamed on renamed.id = a.created_user_id));
  return null;
end $$;

create function activity_list_items_on_client_update() returns trigger language plpgsql as $$
begin
  perform activity_list_items_refresh(array(
    select ac.activity_id from new_rows n join old_rows o on o.id = n.id join activity_clients ac on ac.client_id = n.id
    where (n.first_name, n.last_name, n.deleted_at is null) is distinct from (o.first_name, o.last_name, o.deleted_at is null)));
  return null;
end $$;

create function activity_list_items_on_lead_update() returns trigger language plpgsql as $$
begin
  perform activity_list_items_refresh(array(
    select al.activity_id from new_rows n join old_rows o on o.id = n.id join activity_leads al on al.lead_id = n.id
    where (n.first_name, n.last_name, n.deleted_at is null) is distinct from (o.first_name, o.last_name, o.deleted_at is null)));
  return null;
end $$;

create function activity_list_items_on_plan_update() returns trigger language plpgsql as $$
begin
  perform activity_list_items_refresh(array(
    select s.activity_id from new_rows n join old_rows o on o.id = n.id join activity_plan_stops s on s.plan_id = n.id
    where (n.name, n.plan_date, n.deleted_at is null) is distinct from (o.name, o.plan_date, o.deleted_at is null)));
  return null;
end $$;

create trigger users_list_items_update after update on users
  referencing old table as old_rows new table as new_rows for each statement execute function activity_list_items_on_user_update();
create trigger clients_list_items_update after update on clients
  referencing old table as old_rows new table as new_rows for each statement execute function activity_list_items_on_client_update();
create trigger leads_list_items_update after update on leads
  referencing old table as old_rows new table as new_rows for each statement execute function activity_list_items_on_lead_update();
create trigger activity_plans_list_items_update after update on activity_plans
  referencing old table as old_rows new table as new_rows for each statement execute function activity_list_items_on_plan_update();

-- The items of the activities already there, 10,000 at a time.
do $$
declare
  last_id uuid := '00000000-0000-0000-0000-000000000000';
  batch uuid[];
begin
  loop
    batch := array(select id from activities where id > last_id order by id limit 10000);
    exit when cardinality(batch) = 0;
    perform activity_list_items_write(batch);
    last_id := batch[cardinality(batch)];
  end loop;
end $$;
