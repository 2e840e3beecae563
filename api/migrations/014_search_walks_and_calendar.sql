-- Broad activity searches and the calendar read the window's rows in list order from one index, never from
-- the table (api/src/db/search-walk.ts).
--
-- A broad search ("Market" in a million activities) matched a tenth of every row: the trigram
-- index handed over 100,000 candidates, and checking and counting the window's matches visited
-- thousands of table pages. Walking the window in list order instead finds a page after a few
-- hundred index entries, when the index holds the text a search reads. An activity's search text
-- can be longer than an index entry may be, so the index holds its first 200 characters
-- (search_head, the same upper-cased text cut short); a row whose head is full is checked against
-- its whole text in the table, which for real activities (short names and places) is rare.
alter table activities add column search_head text generated always as (
  left(upper(name || ' ' || coalesce(location, '') || ' ' || coalesce(description, '')), 200)
) stored;

-- The same index gives the calendar its light events (name, end, status, type) without the table.
create index activities_window_reads_idx on activities (tenant_id, start_date desc, id)
  include (search_head, name, end_date, status, status_id, activity_type_id) where deleted_at is null;
