-- A vehicle's features (from its company's feature list) and attribute values ("Seats": "5", from the
-- attribute list), issue 20. A link goes with its vehicle; a feature or attribute still linked cannot be
-- removed from the list (no route removes them today; the restriction keeps a later one honest).
create table vehicle_feature_links (
  vehicle_id uuid not null references vehicles(id) on delete cascade,
  feature_id uuid not null references vehicle_features(id),
  primary key (vehicle_id, feature_id)
);
create index vehicle_feature_links_feature_idx on vehicle_feature_links (feature_id);

create table vehicle_attribute_values (
  vehicle_id uuid not null references vehicles(id) on delete cascade,
  attribute_id uuid not null references vehicle_attributes(id),
  value text not null,
  primary key (vehicle_id, attribute_id)
);
create index vehicle_attribute_values_attribute_idx on vehicle_attribute_values (attribute_id);
