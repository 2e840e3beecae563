-- Platform schema: tenants, identity and access, sessions, notifications, tracking, logs.
create extension if not exists pg_trgm;

create table system_settings (
  key text primary key,
  value text not null
);

-- The tenant tree. `path` is the chain of ids from the root to this tenant, each followed by '/',
-- so a subtree is `path like '<ancestor path>%'`, served by the text_pattern_ops index.
create table tenants (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  parent_id uuid references tenants(id),
  type smallint not null check (type between 1 and 4),
  path text not null,
  short_code text,
  location text,
  lat double precision,
  lng double precision,
  location_required boolean not null default false,
  currency_code text,
  currency_symbol text,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz
);
create index tenants_path_idx on tenants (path text_pattern_ops);
create index tenants_parent_idx on tenants (parent_id);
create unique index tenants_short_code_idx on tenants (upper(short_code)) where short_code is not null and deleted_at is null;

create table tenant_banks (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  code text,
  branch_code text
);
create index tenant_banks_tenant_idx on tenant_banks (tenant_id);

create table permissions (
  id uuid primary key default gen_random_uuid(),
  hierarchy text not null,
  name text not null,
  description text
);
create unique index permissions_hierarchy_idx on permissions (upper(hierarchy));

create table roles (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  description text,
  system_role boolean not null default false,
  tenant_id uuid references tenants(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now()
);
create unique index roles_name_idx on roles (lower(trim(name)));

create table role_permissions (
  role_id uuid not null references roles(id) on delete cascade,
  permission_id uuid not null references permissions(id) on delete cascade,
  primary key (role_id, permission_id)
);

create table users (
  id uuid primary key default gen_random_uuid(),
  first_name text not null,
  last_name text not null,
  user_name text not null,
  email_address text not null,
  mobile text,
  password_hash text,
  password_changed_at timestamptz,
  password_expires_at timestamptz,
  must_change_password boolean not null default false,
  tenant_id uuid not null references tenants(id),
  selected_tenant_id uuid references tenants(id),
  email_verified_at timestamptz,
  tours jsonb not null default '[]',
  last_login_at timestamptz,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz,
  search_text text generated always as (
    upper(first_name || ' ' || last_name || ' ' || user_name || ' ' || email_address || ' ' || coalesce(mobile, ''))
  ) stored
);
create unique index users_email_idx on users (lower(email_address));
create unique index users_user_name_idx on users (lower(user_name));
create unique index users_mobile_idx on users (mobile) where mobile is not null;
create index users_tenant_created_idx on users (tenant_id, date_created desc);
create index users_created_idx on users (date_created desc, id);
create index users_search_trgm_idx on users using gin (search_text gin_trgm_ops);

create table user_roles (
  user_id uuid not null references users(id) on delete cascade,
  role_id uuid not null references roles(id),
  primary key (user_id, role_id)
);
create index user_roles_role_idx on user_roles (role_id);

create table user_tenants (
  user_id uuid not null references users(id) on delete cascade,
  tenant_id uuid not null references tenants(id),
  primary key (user_id, tenant_id)
);
create index user_tenants_tenant_idx on user_tenants (tenant_id);

create table user_permissions (
  user_id uuid not null references users(id) on delete cascade,
  permission_id uuid not null references permissions(id) on delete cascade,
  primary key (user_id, permission_id)
);

-- A session is one refresh-token family. Revoking it ends every access and refresh token it issued.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  impersonator_id uuid references users(id),
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  revoked_reason text
);
create index sessions_user_idx on sessions (user_id);

create table refresh_tokens (
  token_hash text primary key,
  session_id uuid not null references sessions(id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index refresh_tokens_session_idx on refresh_tokens (session_id);

-- Failed sign-ins per account key (the lower-cased login name, whether or not such a user exists).
create table login_throttle (
  account_key text primary key,
  failures integer not null default 0,
  window_started_at timestamptz not null default now(),
  locked_until timestamptz
);

create table login_history (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete cascade,
  tenant_id uuid references tenants(id),
  success boolean not null,
  reason text,
  ip text,
  user_agent text,
  date_created timestamptz not null default now()
);
create index login_history_created_idx on login_history (date_created desc);
create index login_history_user_idx on login_history (user_id, date_created desc);

create table password_history (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  password_hash text not null,
  changed_by_user_id uuid references users(id),
  expired boolean not null default false,
  date_created timestamptz not null default now()
);
create index password_history_user_idx on password_history (user_id, date_created desc);

-- Single-use tokens mailed to users (password reset, account verification); only hashes are kept.
create table user_tokens (
  token_hash text primary key,
  user_id uuid not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('reset', 'verify')),
  expires_at timestamptz not null,
  used_at timestamptz,
  date_created timestamptz not null default now()
);
create index user_tokens_user_idx on user_tokens (user_id, purpose);

create table outbox_emails (
  id uuid primary key default gen_random_uuid(),
  to_address text not null,
  subject text not null,
  body_text text not null,
  kind text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed', 'kept')),
  attempts integer not null default 0,
  last_error text,
  date_created timestamptz not null default now(),
  sent_at timestamptz
);
create index outbox_emails_to_idx on outbox_emails (lower(to_address), date_created desc);

create table impersonation_log (
  id uuid primary key default gen_random_uuid(),
  admin_id uuid not null references users(id),
  impersonated_id uuid not null references users(id),
  state text not null,
  session_id uuid references sessions(id) on delete set null,
  ip text,
  date_created timestamptz not null default now()
);
create index impersonation_log_admin_idx on impersonation_log (admin_id, date_created desc);

create table notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  tenant_id uuid references tenants(id),
  created_by_user_id uuid references users(id),
  item_type text not null,
  message text not null,
  icon text,
  header text,
  event_text text,
  event_time timestamptz,
  message_data jsonb,
  read_at timestamptz,
  date_created timestamptz not null default now()
);
create index notifications_unread_idx on notifications (user_id, date_created desc) where read_at is null;

create table agent_actions (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  performed_by_user_id uuid not null references users(id),
  action smallint not null,
  latitude double precision,
  longitude double precision,
  accuracy double precision,
  location text,
  entity_id uuid,
  entity_type text,
  date_created timestamptz not null default now()
);
create index agent_actions_user_idx on agent_actions (performed_by_user_id, date_created desc);
create index agent_actions_tenant_idx on agent_actions (tenant_id, date_created desc);

create table user_positions (
  id uuid primary key,
  user_id uuid not null references users(id),
  tenant_id uuid not null references tenants(id),
  latitude double precision not null,
  longitude double precision not null,
  accuracy double precision,
  entity_id uuid,
  entity_type text not null,
  device_time timestamptz not null,
  server_time timestamptz not null default now(),
  battery double precision not null default 0
);
create index user_positions_user_time_idx on user_positions (user_id, device_time);

create table device_registrations (
  token text primary key,
  user_id uuid not null references users(id) on delete cascade,
  platform text,
  date_created timestamptz not null default now(),
  last_seen_at timestamptz not null default now()
);
create index device_registrations_user_idx on device_registrations (user_id);

create table error_logs (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete set null,
  tenant_id uuid references tenants(id),
  entity_id text,
  entity_type text,
  error_detail text not null,
  date_created timestamptz not null default now()
);
create index error_logs_tenant_created_idx on error_logs (tenant_id, date_created desc);

create table languages (
  code text primary key,
  name text not null,
  strings jsonb not null
);
