-- Recovery field work (issue 20): spotters (the spec's "agent") and third parties who look for wanted vehicles,
-- dispatches of a repossession to them with an optional reward, and sightings reported from the field.

create table spotters (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  mobile text,
  email text,
  -- A spotter who signs in to report sightings is linked to their user account: one spotter record per account.
  user_id uuid references users(id),
  notes text,
  active boolean not null default true,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  search_text text generated always as (upper(name || ' ' || coalesce(mobile, '') || ' ' || coalesce(email, ''))) stored
);
create unique index spotters_user_idx on spotters (user_id) where user_id is not null;
create index spotters_tenant_idx on spotters (tenant_id, date_created, id);

create table third_parties (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  contact_name text,
  mobile text,
  email text,
  notes text,
  active boolean not null default true,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  search_text text generated always as (
    upper(name || ' ' || coalesce(contact_name, '') || ' ' || coalesce(mobile, '') || ' ' || coalesce(email, ''))
  ) stored
);
create index third_parties_tenant_idx on third_parties (tenant_id, date_created, id);

-- A repossession may be dispatched to several spotters and third parties at once; each dispatch names exactly one.
create table repossession_dispatches (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  repossession_id uuid not null references repossessions(id),
  spotter_id uuid references spotters(id),
  third_party_id uuid references third_parties(id),
  status text not null default 'Open' check (status in ('Open', 'Succeeded', 'Failed')),
  note text,
  dispatched_user_id uuid references users(id),
  closed_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_closed timestamptz,
  check ((spotter_id is null) <> (third_party_id is null))
);
create index repossession_dispatches_repossession_idx on repossession_dispatches (repossession_id, date_created);
create index repossession_dispatches_spotter_idx on repossession_dispatches (spotter_id) where spotter_id is not null;
create index repossession_dispatches_third_party_idx on repossession_dispatches (third_party_id) where third_party_id is not null;
-- One open dispatch per repossession and party: dispatching the same spotter twice is a mistake, not a second job.
create unique index repossession_dispatches_open_party_idx on repossession_dispatches (repossession_id, coalesce(spotter_id, third_party_id))
  where status = 'Open';

-- A dispatch's reward in integer minor units with its ISO 4217 currency; earned when its dispatch succeeds.
create table repossession_rewards (
  id uuid primary key default gen_random_uuid(),
  dispatch_id uuid not null unique references repossession_dispatches(id),
  tenant_id uuid not null references tenants(id),
  amount_minor bigint not null check (amount_minor > 0),
  currency text not null check (currency ~ '^[A-Z]{3}$'),
  published boolean not null default false,
  date_published timestamptz,
  date_created timestamptz not null default now()
);
create index repossession_rewards_published_idx on repossession_rewards (tenant_id) where published;

create table vehicle_sightings (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  repossession_id uuid not null references repossessions(id),
  latitude double precision not null check (latitude between -90 and 90),
  longitude double precision not null check (longitude between -180 and 180),
  accuracy double precision check (accuracy >= 0),
  seen_at timestamptz not null,
  note text,
  spotter_id uuid references spotters(id),
  reported_user_id uuid not null references users(id),
  status text not null default 'Reported' check (status in ('Reported', 'Confirmed')),
  confirmed_user_id uuid references users(id),
  date_confirmed timestamptz,
  -- The photo, when one was sent, as vehicle photos keep theirs (files/photo-store.ts).
  photo_stored_name text,
  photo_content_type text,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz
);
create index vehicle_sightings_tenant_seen_idx on vehicle_sightings (tenant_id, seen_at, id) where deleted_at is null;
create index vehicle_sightings_repossession_idx on vehicle_sightings (repossession_id, seen_at) where deleted_at is null;
create index vehicle_sightings_reporter_idx on vehicle_sightings (reported_user_id, seen_at) where deleted_at is null;
