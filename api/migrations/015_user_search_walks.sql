-- Broad user searches walk the list in its order (api/src/modules/users/user-walk.ts, as activity
-- searches do since migration 014): "THABO" matches 5,000 of 100,000 users, and the trigram index
-- handed all of them over to be sorted and counted for each page. Each tenant's live users in the
-- order of a sort the list offers (date created, the default; last name; first name), with the
-- search text, so that a walk reads these indexes alone.
create index users_walk_date_created_idx on users (tenant_id, date_created, id) include (search_text) where deleted_at is null;
create index users_walk_last_name_idx on users (tenant_id, last_name, id) include (search_text) where deleted_at is null;
create index users_walk_first_name_idx on users (tenant_id, first_name, id) include (search_text) where deleted_at is null;
