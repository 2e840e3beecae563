/** The words of the report files screen. */
import type { ReportFileStatus } from '@meridian/shared/contract/report-run';

export const REPORT_FILES_TEXT = {
  title: 'Report files',
  intro: 'The files of report exports and scheduled reports, newest first. Each is shown to those who may read its report.',
  table: 'Report files',
  search: 'Search by report, file name or format',
  none: 'No report files yet. Export a report, or schedule one, and its file is kept here.',
  report: 'Report',
  format: 'Format',
  rows: 'Rows',
  size: 'Size',
  madeBy: 'Made by',
  made: 'Made',
  status: 'Status',
  file: 'File',
} as const;

export const FILE_STATUS_NAMES: Record<ReportFileStatus, string> = { running: 'Writing', done: 'Ready', failed: 'Failed' };
