-- Activities, their assignments and sales teams: the data that stats are computed from.
create table activity_types (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  status smallint not null default 1
);
create index activity_types_tenant_idx on activity_types (tenant_id);

create table activity_statuses (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  status smallint not null default 1,
  is_default boolean not null default false
);
create index activity_statuses_tenant_idx on activity_statuses (tenant_id);

create table activities (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  parent_id uuid references activities(id),
  name text not null,
  description text,
  activity_type_id uuid references activity_types(id),
  status_id uuid references activity_statuses(id),
  status text not null default 'PENDING',
  location text,
  lat double precision,
  lng double precision,
  start_date timestamptz,
  end_date timestamptz,
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz
);
create index activities_tenant_start_idx on activities (tenant_id, start_date desc);

create table activity_assignments (
  id uuid primary key default gen_random_uuid(),
  activity_id uuid not null references activities(id) on delete cascade,
  user_id uuid not null references users(id),
  status_id uuid references activity_statuses(id),
  status_text text,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  unique (activity_id, user_id)
);
create index activity_assignments_user_idx on activity_assignments (user_id);

create table teams (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  leader_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  deleted_at timestamptz
);
create index teams_tenant_idx on teams (tenant_id);

create table team_members (
  team_id uuid not null references teams(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  primary key (team_id, user_id)
);
create index team_members_user_idx on team_members (user_id);
