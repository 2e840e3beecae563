-- Custom reports (issue 22 item 2): a definition over the catalogue (shared/src/contract/report-catalogue.ts),
-- kept as the validated JSON the contract describes; the SQL is made from it on every read, never stored.
create table custom_reports (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  category_id uuid references report_categories(id),
  name text not null,
  description text,
  dataset text not null,
  definition jsonb not null,
  owner_user_id uuid references users(id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now(),
  deleted_at timestamptz,
  search_text text generated always as (upper(name || ' ' || coalesce(description, ''))) stored
);
create index custom_reports_tenant_idx on custom_reports (tenant_id, date_created desc) where deleted_at is null;
create index custom_reports_category_idx on custom_reports (category_id) where deleted_at is null;
