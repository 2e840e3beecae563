/** The paged list of schedules (sorted and searched on the server) and a schedule's run history. */
import type { PagingQuery } from '@meridian/shared/contract/paging';
import type { ScheduledReport, ScheduledReportRun } from '@meridian/shared/contract/scheduled-report';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql } from '../../http/paging';
import { inScope } from '../../tenancy/subtree';
import { RUN_COLUMNS, SCHEDULE_COLUMNS, SCHEDULE_FROM, withTimeZones } from './scheduled-report-read';

const SCHEDULE_SORT = {
  fields: {
    name: 's.name',
    reportId: 's.report_id',
    format: 's.format',
    scheduleKind: 's.schedule_kind',
    active: 's.active',
    nextRunAt: 's.next_run_at',
    tenantName: 't.name',
    dateCreated: 's.date_created',
    dateModified: 's.date_modified',
  },
  defaultField: 'name',
  defaultOrder: 'ASC' as const,
  tieBreaker: 's.id',
};

export async function schedulePage(q: Queryable, scope: TenantScope, query: PagingQuery, maxPageSize: number) {
  const page = pageSql(query, SCHEDULE_SORT, maxPageSize);
  const p = sqlParams();
  let where = inScope('s.tenant_id', scope, p);
  // Name, report, recipients and tenant: what a user remembers a schedule by.
  if (page.searchPattern)
    where += ` and upper(s.name || ' ' || s.report_id || ' ' || array_to_string(s.recipients, ' ') || ' ' || t.name) like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<Omit<ScheduledReport, 'timeZone'>>(
    q,
    { select: SCHEDULE_COLUMNS, from: `${SCHEDULE_FROM} where ${where}`, params: p.values },
    page,
  );
  return { rows: await withTimeZones(q, rows), paging };
}

const RUN_SORT = {
  fields: { dateCreated: 'r.date_created', status: 'r.status', startedAt: 'r.started_at', finishedAt: 'r.finished_at' },
  defaultField: 'dateCreated',
  defaultOrder: 'DESC' as const,
  tieBreaker: 'r.id',
};

/** Newest first by default. */
export async function runPage(q: Queryable, scheduleId: string, query: PagingQuery, maxPageSize: number) {
  const page = pageSql(query, RUN_SORT, maxPageSize);
  const p = sqlParams([scheduleId]);
  let where = 'r.schedule_id = $1';
  if (page.searchPattern)
    where += ` and upper(r.status || ' ' || coalesce(r.file_name, '') || ' ' || coalesce(r.error, '')) like ${p.add(page.searchPattern)}`;
  return pagedQuery<ScheduledReportRun>(
    q,
    { select: RUN_COLUMNS, from: `from scheduled_report_runs r where ${where}`, params: p.values },
    page,
  );
}
