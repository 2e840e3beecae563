/**
 * A report's table as the file a query asked for (`format=csv` or `format=xlsx`): the one export every
 * trips and fleet report answers with.
 */
import type { FastifyReply } from 'fastify';
import { XLSX_CONTENT_TYPE, type TripExportFormat } from '@meridian/shared/contract/device-trip';
import { csvOf } from '../agent/csv';
import { attachmentDisposition } from '../templates/template-documents';
import { xlsxOf } from './xlsx-file';

export const TABLE_FILE_TYPES = ['text/csv', XLSX_CONTENT_TYPE];

export interface ReportTable {
  header: string[];
  rows: (string | number | null)[][];
}

/** Sends the table as the file the query asked for. */
export function sendTable(reply: FastifyReply, format: TripExportFormat, fileName: string, table: ReportTable) {
  const file = format === 'csv' ? Buffer.from(csvOf(table.header, table.rows), 'utf8') : xlsxOf(fileName, table.header, table.rows);
  return reply
    .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_CONTENT_TYPE)
    .header('content-disposition', attachmentDisposition(`${fileName}.${format}`))
    .header('x-content-type-options', 'nosniff')
    .send(file);
}
