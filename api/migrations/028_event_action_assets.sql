-- A rule may watch assets as well as devices (issue 19 item 4: "on these devices/assets"): it watches
-- whichever devices are fitted in them when an event happens.
create table event_action_assets (
  event_action_id uuid not null references event_actions(id) on delete cascade,
  asset_id uuid not null references assets(id) on delete cascade,
  primary key (event_action_id, asset_id)
);
create index event_action_assets_asset_idx on event_action_assets (asset_id);
