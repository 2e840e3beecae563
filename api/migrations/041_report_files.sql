-- Report files (issue 22 item 6): what a report run over the realtime socket leaves. The file itself is kept
-- under DATA_DIR/reports/<tenant id>/<file id>.<ext>; `stored_path` is relative to DATA_DIR, so a data
-- directory moved elsewhere keeps its files. A run is written 'running' before its first row, and ends
-- 'done' (size and rows known) or 'failed' (with the reason shown to the user, never a stack).

create table report_files (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  -- A standard report's name (STANDARD_REPORT_IDS) or a custom report's id.
  report_id text not null,
  -- 'standard' or 'custom': which grant lists the file (report-file-access.ts).
  report_kind text not null check (report_kind in ('standard', 'custom')),
  report_name text not null,
  format text not null check (format in ('PDF', 'XLSX', 'CSV')),
  file_name text not null,
  stored_path text not null,
  size_bytes bigint not null default 0,
  row_count integer not null default 0,
  status text not null default 'running' check (status in ('running', 'done', 'failed')),
  failure text,
  created_by uuid not null references users(id),
  date_created timestamptz not null default now(),
  date_finished timestamptz,
  search_text text generated always as (upper(report_name || ' ' || file_name || ' ' || format)) stored
);
-- The list: a subtree's files, newest first (keyset on date_created, id).
create index report_files_tenant_idx on report_files (tenant_id, date_created desc, id desc);
