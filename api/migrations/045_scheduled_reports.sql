-- Scheduled reports (issue 22 item 5): a report, its parameters and format, a schedule (every kind is kept
-- as the cron expression it stands for, evaluated in the tenant's zone) and the recipients; and the history
-- of its runs, each run being one job of the queue.
create table scheduled_reports (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants (id),
  name text not null,
  report_id text not null,
  parameters jsonb not null default '{}'::jsonb,
  format text not null check (format in ('PDF', 'XLSX', 'CSV')),
  schedule_kind text not null check (schedule_kind in ('daily', 'weekly', 'monthly', 'cron')),
  time_of_day text,
  day_of_week integer check (day_of_week between 0 and 6),
  day_of_month integer check (day_of_month between 1 and 28),
  cron text,
  cron_expression text not null,
  recipients text[] not null,
  active boolean not null default true,
  -- The next occurrence still to enqueue; null while paused.
  next_run_at timestamptz,
  run_as_user_id uuid not null references users (id),
  created_by uuid not null references users (id),
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now()
);
create index scheduled_reports_tenant_idx on scheduled_reports (tenant_id, date_created desc);
create index scheduled_reports_due_idx on scheduled_reports (next_run_at) where active;

create table scheduled_report_runs (
  id uuid primary key default gen_random_uuid(),
  schedule_id uuid not null references scheduled_reports (id) on delete cascade,
  tenant_id uuid not null references tenants (id),
  job_id uuid unique references jobs (id) on delete set null,
  trigger text not null check (trigger in ('schedule', 'manual')),
  occurrence_at timestamptz,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  attempt integer not null default 0,
  started_at timestamptz,
  finished_at timestamptz,
  -- The kept report file (the report files' table, made by the report runs' module).
  file_id uuid,
  file_name text,
  rows integer,
  error text,
  date_created timestamptz not null default now()
);
create index scheduled_report_runs_schedule_idx on scheduled_report_runs (schedule_id, date_created desc);
