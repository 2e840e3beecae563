-- Exact user counts per home tenant, kept by statement-level triggers, so the total of an unsearched
-- user list is a sum over the subtree's tenants instead of a scan of every user row.
create table tenant_user_counts (
  tenant_id uuid primary key references tenants(id),
  live_users integer not null default 0,
  deleted_users integer not null default 0
);

create function tenant_user_counts_apply(rows_tenant uuid[], rows_deleted boolean[], sign integer) returns void language sql as $$
  insert into tenant_user_counts as c (tenant_id, live_users, deleted_users)
  select tenant_id, sign * count(*) filter (where not deleted), sign * count(*) filter (where deleted)
  from unnest(rows_tenant, rows_deleted) as r(tenant_id, deleted) group by tenant_id
  on conflict (tenant_id) do update set live_users = c.live_users + excluded.live_users, deleted_users = c.deleted_users + excluded.deleted_users;
$$;

create function tenant_user_counts_on_insert() returns trigger language plpgsql as $$
begin
  perform tenant_user_counts_apply(array(select tenant_id from new_rows), array(select deleted_at is not null from new_rows), 1);
  return null;
end $$;

create function tenant_user_counts_on_delete() returns trigger language plpgsql as $$
begin
  perform tenant_user_counts_apply(array(select tenant_id from old_rows), array(select deleted_at is not null from old_rows), -1);
  return null;
end $$;

create function tenant_user_counts_on_update() returns trigger language plpgsql as $$
begin
  perform tenant_user_counts_apply(array(select tenant_id from old_rows), array(select deleted_at is not null from old_rows), -1);
  perform tenant_user_counts_apply(array(select tenant_id from new_rows), array(select deleted_at is not null from new_rows), 1);
  return null;
end $$;

create trigger users_count_insert after insert on users referencing new table as new_rows for each statement execute function tenant_user_counts_on_insert();
create trigger users_count_delete after delete on users referencing old table as old_rows for each statement execute function tenant_user_counts_on_delete();
create trigger users_count_update after update on users referencing old table as old_rows new table as new_rows for each statement execute function tenant_user_counts_on_update();

insert into tenant_user_counts (tenant_id, live_users, deleted_users)
select tenant_id, count(*) filter (where deleted_at is null), count(*) filter (where deleted_at is not null) from users group by tenant_id;
