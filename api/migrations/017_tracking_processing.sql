-- Processing at ingest (issue 18): every batch rewrites the state of each device it holds, a row
-- per device updated thousands of times a day. Half-empty pages let those updates stay on the page
-- (HOT: no new index entry, the old version pruned in place), so the table neither bloats nor
-- slows between vacuums.
alter table device_state set (fillfactor = 50);
