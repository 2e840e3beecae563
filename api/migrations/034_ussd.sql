-- The USSD channel (issue 21): service codes per tenant, clients registered with a PIN, and every
-- session with its steps, for the staff's lists and dashboard.

-- A dialled code reaches one tenant's subtree (a company's clients and their loans).
create table ussd_service_codes (
  service_code text primary key,
  tenant_id uuid not null references tenants(id),
  date_created timestamptz not null default now()
);

-- The national part of a phone number (its last 9 digits): the gateway sends +27..., records keep 0...
create index clients_phone_key_idx on clients (right(regexp_replace(mobile, '[^0-9]', '', 'g'), 9))
  where deleted_at is null and mobile is not null;

-- A client's PIN (argon2id). Deregistering ends the row; the next dial sets a new PIN in a new row.
create table ussd_registrations (
  id uuid primary key default gen_random_uuid(),
  client_id uuid not null references clients(id),
  tenant_id uuid not null references tenants(id),
  phone_key text not null,
  pin_hash text not null,
  status text not null default 'active' check (status in ('active', 'deregistered')),
  failed_pins integer not null default 0,
  locked_until timestamptz,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deregistered_at timestamptz,
  deregistered_user_id uuid references users(id)
);
create unique index ussd_registrations_client_idx on ussd_registrations (client_id) where status = 'active';
create index ussd_registrations_phone_idx on ussd_registrations (phone_key) where status = 'active';
create index ussd_registrations_tenant_idx on ussd_registrations (tenant_id, date_created, id);

-- One row per gateway session; its tenant is the caller's client's (else the service code's).
create table ussd_sessions (
  id uuid primary key default gen_random_uuid(),
  session_id text not null,
  service_code text not null,
  tenant_id uuid not null references tenants(id),
  phone text not null,
  client_id uuid references clients(id),
  started_at timestamptz not null default now(),
  last_step_at timestamptz not null default now(),
  steps integer not null default 0,
  completed boolean not null default false,
  outcome text
);
create unique index ussd_sessions_gateway_idx on ussd_sessions (session_id, service_code);
create index ussd_sessions_tenant_started_idx on ussd_sessions (tenant_id, started_at, id);

-- A request of a session: what was typed last (a PIN as asterisks), the menu choice it made, the answer's kind.
create table ussd_session_steps (
  session_id uuid not null references ussd_sessions(id) on delete cascade,
  seq integer not null,
  input text not null,
  choice text,
  reply text not null check (reply in ('CON', 'END')),
  date_created timestamptz not null default now(),
  primary key (session_id, seq)
);
