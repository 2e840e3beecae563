-- Tracking notifications are the tenant's, read by each of its operators on their own (issue 19, item 6).
-- A user's read state is a watermark ("mark all as read": everything up to then) plus the single
-- notifications read after it; the watermark keeps "mark all" one row however many arrived.
create table tracking_notification_marks (
  user_id uuid primary key references users(id) on delete cascade,
  read_before timestamptz not null
);

create table tracking_notification_reads (
  user_id uuid not null references users(id) on delete cascade,
  notification_id uuid not null references tracking_notifications(id) on delete cascade,
  read_at timestamptz not null default now(),
  primary key (user_id, notification_id)
);
create index tracking_notification_reads_notification_idx on tracking_notification_reads (notification_id);

-- The page filters by device and by type within a tenant, newest first.
create index tracking_notifications_device_created_idx on tracking_notifications (device_id, date_created desc);
create index tracking_notifications_tenant_type_created_idx on tracking_notifications (tenant_id, item_type, date_created desc);
