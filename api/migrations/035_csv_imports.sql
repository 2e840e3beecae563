-- CSV imports (issue 21): an uploaded file (kept under DATA_DIR) checked row by row, fixed inline and
-- imported in one transaction. Only the rows that had an error or were fixed are kept here; the others
-- are read from the file again when it is imported.

create table csv_imports (
  id uuid primary key default gen_random_uuid(),
  tenant_id uuid not null references tenants(id),
  user_id uuid not null references users(id),
  model text not null check (model in ('clients', 'leads', 'loans', 'payments')),
  file_name text not null,
  stored_name text not null,
  status text not null default 'checked' check (status in ('checked', 'importing', 'imported', 'failed')),
  total_rows integer not null,
  done_rows integer not null default 0,
  failure text,
  -- The file's headers and the model column each fills (null: ignored), in the file's order.
  headers jsonb not null,
  -- The first rows of the file as read (fixes are applied on read).
  preview_rows jsonb not null,
  date_created timestamptz not null default now(),
  date_modified timestamptz not null default now()
);
create index csv_imports_tenant_idx on csv_imports (tenant_id, date_created desc);

create table csv_import_rows (
  import_id uuid not null references csv_imports(id) on delete cascade,
  row_number integer not null,
  -- The row's values by column (the file's, or the user's fix).
  row_values jsonb not null,
  -- [{ column, message }]; empty once the row passes.
  errors jsonb not null default '[]',
  fixed boolean not null default false,
  primary key (import_id, row_number)
);
-- The error rows of an import, in row order, for the paged list and the count.
create index csv_import_rows_errors_idx on csv_import_rows (import_id, row_number) where errors <> '[]'::jsonb;
