-- Access controls of the administration area: a network allow-list per tenant, and API users
-- (named keys for machine access).

-- An active entry on a tenant restricts the sign-in of every user whose home tenant is that tenant
-- or lies beneath it. `cidr` is stored normalised (network/prefix), so equal ranges compare equal.
create table ip_addresses (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  cidr text not null,
  description text,
  active boolean not null default true,
  created_by uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now()
);
create unique index ip_addresses_tenant_cidr_idx on ip_addresses (tenant_id, cidr);

-- Only the SHA-256 hash of a key is kept; the key itself is shown once, when it is created.
create table api_users (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  key_prefix text not null,
  key_hash text not null,
  created_by uuid not null references users(id),
  date_created timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  expires_at timestamptz
);
create unique index api_users_key_hash_idx on api_users (key_hash);
-- A revoked key keeps its name in the list, and its replacement may take the same name.
create unique index api_users_name_idx on api_users (tenant_id, lower(name)) where revoked_at is null;
create index api_users_tenant_created_idx on api_users (tenant_id, date_created desc);

create table api_user_permissions (
  api_user_id uuid not null references api_users(id) on delete cascade,
  permission_id uuid not null references permissions(id) on delete cascade,
  primary key (api_user_id, permission_id)
);
