-- The durable job queue (api/src/jobs/job-queue.ts): scheduled reports and, later, messages run from here,
-- never from timers in memory. A worker claims due rows with FOR UPDATE SKIP LOCKED and holds a lease
-- (locked_by, locked_until); a row whose lease ran out (its process died) is claimed again.
create table jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  payload jsonb not null default '{}'::jsonb,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  run_at timestamptz not null default now(),
  attempts integer not null default 0,
  max_attempts integer not null default 5 check (max_attempts >= 1),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  -- One job per key: a schedule's occurrence enqueued by two processes at once is one job.
  dedupe_key text unique,
  date_created timestamptz not null default now(),
  date_finished timestamptz
);
-- What a claim scans: queued rows by due time, and running rows by lease end.
create index jobs_queued_idx on jobs (run_at) where status = 'queued';
create index jobs_running_idx on jobs (locked_until) where status = 'running';

-- Files attached to an outgoing mail: kept under DATA_DIR (file_path is relative to it), sent with the mail
-- when SMTP_URL is set and shown with a kept one.
create table outbox_email_attachments (
  id uuid primary key default gen_random_uuid(),
  email_id uuid not null references outbox_emails (id) on delete cascade,
  file_name text not null,
  content_type text not null,
  file_path text not null,
  position integer not null default 0
);
create index outbox_email_attachments_email_idx on outbox_email_attachments (email_id, position);
