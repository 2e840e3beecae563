-- Uniqueness that told one company about another: role names and mobile numbers.
-- Role names were unique across every tenant, so a company learnt the role names of every other
-- company by trying to create one. They are now unique per owning tenant (system roles share one
-- key); the API refuses a name already seen along the tenant's lineage.
drop index if exists roles_name_idx;
create unique index roles_tenant_name_idx on roles (coalesce(tenant_id, '00000000-0000-0000-0000-000000000000'::uuid), lower(trim(name)));

-- A mobile number signs nobody in: unique within a company (checked by the API), not across companies.
drop index if exists users_mobile_idx;
create index users_mobile_idx on users (mobile) where mobile is not null;
