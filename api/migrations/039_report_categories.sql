-- Report categories (sales spec 7; issue 22 item 3): a tree per tenant, with the roles and the tenants that
-- may see each one. The link rows' ids are the spec's generated reportCatRolesId and reportCatTenantsId.
create table report_categories (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  name text not null,
  parent_category_id uuid references report_categories(id),
  created_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  search_text text generated always as (upper(name)) stored
);
create index report_categories_tenant_idx on report_categories (tenant_id, name);
create index report_categories_parent_idx on report_categories (parent_category_id);
-- Siblings are told apart by name.
create unique index report_categories_sibling_name_idx
  on report_categories (tenant_id, coalesce(parent_category_id, '00000000-0000-0000-0000-000000000000'::uuid), upper(name));

create table report_category_roles (
  id uuid primary key default gen_random_uuid(),
  category_id uuid not null references report_categories(id) on delete cascade,
  role_id uuid not null references roles(id) on delete cascade,
  unique (category_id, role_id)
);
create index report_category_roles_role_idx on report_category_roles (role_id);

create table report_category_tenants (
  id uuid primary key default gen_random_uuid(),
  category_id uuid not null references report_categories(id) on delete cascade,
  tenant_id uuid not null references tenants(id),
  unique (category_id, tenant_id)
);
create index report_category_tenants_tenant_idx on report_category_tenants (tenant_id);
