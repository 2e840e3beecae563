-- Sales: clients and their groups, leads with addresses, activity links and files, route plans,
-- status history with the position it was recorded at, sales targets and cases.
-- Every row belongs to a tenant; lists are paged by (tenant_id, date) indexes and searched through
-- an upper-cased search_text with a trigram index, as users are.

create table clients (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  first_name text not null,
  last_name text not null,
  email_address text,
  mobile text,
  id_number text,
  date_of_birth date,
  gender text,
  address_line text,
  city text,
  postcode text,
  country text,
  lat double precision,
  lng double precision,
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz,
  search_text text generated always as (
    upper(first_name || ' ' || last_name || ' ' || coalesce(email_address, '') || ' ' || coalesce(mobile, '') || ' ' || coalesce(id_number, ''))
  ) stored
);
create index clients_tenant_created_idx on clients (tenant_id, date_created desc) where deleted_at is null;
create index clients_mobile_idx on clients (mobile) where deleted_at is null;
create index clients_search_trgm_idx on clients using gin (search_text gin_trgm_ops);

create table client_groups (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  description text,
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz
);
create index client_groups_tenant_idx on client_groups (tenant_id, name) where deleted_at is null;

create table client_group_members (
  group_id uuid not null references client_groups(id) on delete cascade,
  client_id uuid not null references clients(id) on delete cascade,
  primary key (group_id, client_id)
);
create index client_group_members_client_idx on client_group_members (client_id);

create table leads (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  first_name text not null,
  last_name text not null,
  email_address text,
  phonenumber text,
  trimmed_phonenumber text,
  country_code text,
  contact_number text not null,
  id_number text,
  emp_number text,
  status text not null default 'New',
  source text not null default 'WEB',
  created_by_user_id uuid references users(id),
  assigned_user_id uuid references users(id),
  consent_status text not null default 'NONE PROVIDED',
  consent_date timestamptz,
  consent_requested_at timestamptz,
  installment_amount numeric(14, 2),
  total_affordability numeric(14, 2),
  affordability_outcome text not null default 'NONE',
  affordability_date timestamptz,
  location text,
  latitude double precision not null default 0,
  longitude double precision not null default 0,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz,
  search_text text generated always as (
    upper(first_name || ' ' || last_name || ' ' || coalesce(email_address, '') || ' ' || contact_number || ' ' || coalesce(id_number, ''))
  ) stored
);
create index leads_tenant_created_idx on leads (tenant_id, date_created desc) where deleted_at is null;
create index leads_tenant_consent_idx on leads (tenant_id, consent_date desc) where deleted_at is null;
create index leads_tenant_affordability_idx on leads (tenant_id, affordability_date desc) where deleted_at is null;
create index leads_assigned_idx on leads (assigned_user_id) where deleted_at is null;
create index leads_contact_idx on leads (tenant_id, contact_number) where deleted_at is null;
create index leads_email_idx on leads (tenant_id, lower(email_address)) where deleted_at is null;
create index leads_search_trgm_idx on leads using gin (search_text gin_trgm_ops);

create table lead_addresses (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references leads(id) on delete cascade,
  type text not null default 'HOME',
  lineone text,
  city text,
  postcode text,
  state text,
  country text,
  latitude double precision not null default 0,
  longitude double precision not null default 0,
  date_created timestamptz not null default now()
);
create index lead_addresses_lead_idx on lead_addresses (lead_id);

create table lead_status_history (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references leads(id) on delete cascade,
  status text not null,
  changed_by_user_id uuid references users(id),
  date_created timestamptz not null default now()
);
create index lead_status_history_lead_idx on lead_status_history (lead_id, date_created desc);

create table activity_clients (
  activity_id uuid not null references activities(id) on delete cascade,
  client_id uuid not null references clients(id) on delete cascade,
  primary key (activity_id, client_id)
);
create index activity_clients_client_idx on activity_clients (client_id);

create table activity_leads (
  activity_id uuid not null references activities(id) on delete cascade,
  lead_id uuid not null references leads(id) on delete cascade,
  primary key (activity_id, lead_id)
);
create index activity_leads_lead_idx on activity_leads (lead_id);

create table activity_files (
  id uuid primary key default gen_random_uuid(),
  activity_id uuid not null references activities(id) on delete cascade,
  assignment_id uuid references activity_assignments(id) on delete set null,
  file_name text not null,
  content_type text not null,
  size_bytes integer not null,
  content bytea not null,
  uploaded_by_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  removed_at timestamptz,
  removed_by_user_id uuid references users(id)
);
create index activity_files_activity_idx on activity_files (activity_id) where removed_at is null;

-- Every status change of an assignment, with the position it was made at (null when none was usable).
create table activity_status_history (
  id uuid primary key default gen_random_uuid(),
  assignment_id uuid not null references activity_assignments(id) on delete cascade,
  status_id uuid references activity_statuses(id),
  status_text text,
  latitude double precision,
  longitude double precision,
  accuracy double precision,
  changed_by_user_id uuid references users(id),
  date_created timestamptz not null default now()
);
create index activity_status_history_assignment_idx on activity_status_history (assignment_id, date_created desc);

create table activity_plans (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  plan_date date not null,
  status text not null default 'PENDING',
  agent_user_id uuid references users(id),
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz
);
create index activity_plans_tenant_date_idx on activity_plans (tenant_id, plan_date desc) where deleted_at is null;
create index activity_plans_agent_idx on activity_plans (agent_user_id, plan_date desc) where deleted_at is null;

-- The stops of a plan in visiting order; an activity is in at most one plan.
create table activity_plan_stops (
  plan_id uuid not null references activity_plans(id) on delete cascade,
  activity_id uuid not null references activities(id) on delete cascade,
  position integer not null,
  primary key (plan_id, activity_id),
  unique (activity_id)
);

create table sales_targets (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  metric text not null,
  target_value integer not null,
  period_start date not null,
  period_end date not null,
  team_id uuid references teams(id),
  user_id uuid references users(id),
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz,
  check ((team_id is null) <> (user_id is null)),
  check (period_end >= period_start)
);
create index sales_targets_tenant_period_idx on sales_targets (tenant_id, period_start desc) where deleted_at is null;

create table sales_cases (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  title text not null,
  description text,
  status text not null default 'OPEN',
  priority text not null default 'NORMAL',
  owner_user_id uuid references users(id),
  client_id uuid references clients(id),
  lead_id uuid references leads(id),
  due_date date,
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  closed_at timestamptz,
  deleted_at timestamptz
);
create index sales_cases_tenant_created_idx on sales_cases (tenant_id, date_created desc) where deleted_at is null;
create index sales_cases_owner_idx on sales_cases (owner_user_id) where deleted_at is null;

-- Activities at volume: lists by tenant and date with the default sort (startDate DESC), an agent's own work.
create index activities_tenant_start_live_idx on activities (tenant_id, start_date desc, id) where deleted_at is null;
create index activity_assignments_user_activity_idx on activity_assignments (user_id, activity_id);

-- Sales teams have a type (GET /teams/teamtypes: FIELD, CALL_CENTRE, COLLECTIONS) and team names are
-- looked up per tenant.
alter table teams add column team_type text not null default 'FIELD';
create index teams_tenant_name_idx on teams (tenant_id, lower(name)) where deleted_at is null;

-- Client group names are unique per tenant among live groups, whatever their case (the API answers 409 first).
create unique index client_groups_tenant_name_uq on client_groups (tenant_id, lower(name)) where deleted_at is null;
-- A client's leads are found by ID number (or contact number = mobile) for the client's latest affordability.
create index leads_id_number_idx on leads (id_number) where deleted_at is null and id_number is not null;
-- A field agent's activities are found from their side: what they are assigned to (activity_assignments_user_activity_idx) and what they created.
create index activities_created_user_idx on activities (created_user_id) where deleted_at is null;

-- Exact counts of live activities per tenant and hour of start (UTC hours), kept by statement-level
-- triggers like tenant_user_counts: the total of an unfiltered activity list over a window is a sum
-- over the window's whole hours (plus an exact count of its partial first and last hour), not a
-- count of every row in it.
create table activity_hour_counts (
  tenant_id uuid not null references tenants(id),
  hour timestamptz not null,
  live integer not null default 0,
  primary key (tenant_id, hour)
);

create function activity_hour_counts_on_insert() returns trigger language plpgsql as $$
begin
  insert into activity_hour_counts as c (tenant_id, hour, live)
  select tenant_id, date_bin('1 hour', start_date, timestamptz '2000-01-01 00:00:00+00'), count(*)
  from new_rows where deleted_at is null and start_date is not null group by 1, 2
  on conflict (tenant_id, hour) do update set live = c.live + excluded.live;
  return null;
end $$;

create function activity_hour_counts_on_delete() returns trigger language plpgsql as $$
begin
  insert into activity_hour_counts as c (tenant_id, hour, live)
  select tenant_id, date_bin('1 hour', start_date, timestamptz '2000-01-01 00:00:00+00'), -count(*)
  from old_rows where deleted_at is null and start_date is not null group by 1, 2
  on conflict (tenant_id, hour) do update set live = c.live + excluded.live;
  return null;
end $$;

-- Only net changes are written, so the many updates that move no activity between hours, tenants or deletion write nothing here.
create function activity_hour_counts_on_update() returns trigger language plpgsql as $$
begin
  insert into activity_hour_counts as c (tenant_id, hour, live)
  select tenant_id, hour, sum(d) from (
    select tenant_id, date_bin('1 hour', start_date, timestamptz '2000-01-01 00:00:00+00') as hour, -1 as d from old_rows where deleted_at is null and start_date is not null
    union all
    select tenant_id, date_bin('1 hour', start_date, timestamptz '2000-01-01 00:00:00+00'), 1 from new_rows where deleted_at is null and start_date is not null
  ) x group by 1, 2 having sum(d) <> 0
  on conflict (tenant_id, hour) do update set live = c.live + excluded.live;
  return null;
end $$;

create trigger activities_count_insert after insert on activities referencing new table as new_rows for each statement execute function activity_hour_counts_on_insert();
create trigger activities_count_delete after delete on activities referencing old table as old_rows for each statement execute function activity_hour_counts_on_delete();
create trigger activities_count_update after update on activities referencing old table as old_rows new table as new_rows for each statement execute function activity_hour_counts_on_update();

insert into activity_hour_counts (tenant_id, hour, live)
select tenant_id, date_bin('1 hour', start_date, timestamptz '2000-01-01 00:00:00+00'), count(*) from activities
where deleted_at is null and start_date is not null group by 1, 2;

-- The status and type widgets count a window's activities from this index alone (index-only scans),
-- so it also carries each activity's status and type, and its creator for a busy agent's own list.
drop index activities_tenant_start_live_idx;
create index activities_tenant_start_live_idx on activities (tenant_id, start_date desc, id) include (status_id, activity_type_id, created_user_id) where deleted_at is null;

-- Activity lists are searched, like users, clients and leads, through an upper-cased search_text with a trigram index.
alter table activities add column search_text text generated always as (
  upper(name || ' ' || coalesce(location, '') || ' ' || coalesce(description, ''))
) stored;
create index activities_search_trgm_idx on activities using gin (search_text gin_trgm_ops) where deleted_at is null;
