/** Reads of kept report files: a page of them, newest first, and one file to download. */
import { reportFileDownloadPath, type ReportFile } from '@meridian/shared/contract/report-run';
import type { Principal, TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { sqlParams } from '../../db/sql-params';
import { pagedQuery, pageSql } from '../../http/paging';
import { visibleFilesSql } from './report-file-access';

const FILE_COLUMNS = `rf.id, rf.report_id as "reportId", rf.report_name as "reportName", rf.format, rf.file_name as "fileName",
  rf.size_bytes::float8 as "sizeBytes", rf.row_count as rows, rf.tenant_id as "tenantId", rf.created_by as "createdBy",
  trim(u.first_name || ' ' || u.last_name) as "createdByName", rf.date_created as "dateCreated", rf.status, rf.failure`;

type FileRow = Omit<ReportFile, 'downloadPath'>;

const listed = (row: FileRow): ReportFile => ({ ...row, downloadPath: row.status === 'done' ? reportFileDownloadPath(row.id) : null });

export async function reportFilePage(
  q: Queryable,
  who: { principal: Principal; scope: TenantScope },
  query: { page: number; size: number; search: string },
  maxPageSize: number,
) {
  const page = pageSql(
    query,
    { fields: { dateCreated: 'rf.date_created' }, defaultField: 'dateCreated', defaultOrder: 'DESC', tieBreaker: 'rf.id' },
    maxPageSize,
  );
  const p = sqlParams();
  let where = visibleFilesSql(who.principal, who.scope, p);
  if (page.searchPattern) where += ` and rf.search_text like ${p.add(page.searchPattern)}`;
  const { rows, paging } = await pagedQuery<FileRow>(
    q,
    { select: FILE_COLUMNS, from: `from report_files rf join users u on u.id = rf.created_by where ${where}`, params: p.values },
    page,
  );
  return { items: rows.map(listed), paging };
}

export interface DownloadableFile {
  id: string;
  reportId: string;
  reportKind: 'standard' | 'custom';
  format: ReportFile['format'];
  fileName: string;
  storedPath: string;
  status: ReportFile['status'];
}

/** A file the caller sees, or null (not theirs to see, or none). */
export async function visibleReportFile(
  q: Queryable,
  who: { principal: Principal; scope: TenantScope },
  id: string,
): Promise<DownloadableFile | null> {
  const p = sqlParams([id]);
  return q.one<DownloadableFile>(
    `select rf.id, rf.report_id as "reportId", rf.report_kind as "reportKind", rf.format, rf.file_name as "fileName",
       rf.stored_path as "storedPath", rf.status
     from report_files rf where rf.id = $1 and ${visibleFilesSql(who.principal, who.scope, p)}`,
    p.values,
  );
}
