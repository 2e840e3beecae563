/**
 * One writer per export format, each streaming rows to its file as they come (report-run.ts reads the source
 * and writes row by row): CSV through csv-stringify, XLSX through exceljs's streaming WorkbookWriter, PDF
 * through pdfkit (pdf-report-writer.ts). A writer waits for the disk when it falls behind, so a fast source
 * never piles rows up in memory.
 */
import type { ExportFormat } from '@meridian/shared/contract/report-run';
import type { Cell } from './report-cells';
import type { ReportColumn } from './report-source';
import { openCsvWriter } from './csv-report-writer';
import { openXlsxWriter } from './xlsx-report-writer';
import { openPdfWriter } from './pdf-report-writer';

export interface ReportFileWriter {
  write(cells: readonly Cell[]): Promise<void>;
  /** Ends the file and waits until it is on disk. */
  finish(): Promise<void>;
  /** Stops writing after a failure; the caller removes the partial file. */
  abort(): Promise<void>;
}

/** What a file shows besides its rows. */
export interface ReportFileHeader {
  name: string;
  heading: string;
  columns: readonly ReportColumn[];
  /** The company the report is about (a PDF's author line). */
  companyName: string;
  /** When and by whom, for a PDF's closing line. */
  footer: string;
}

export const FILE_EXTENSIONS: Record<ExportFormat, string> = { PDF: 'pdf', XLSX: 'xlsx', CSV: 'csv' };

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  PDF: 'application/pdf',
  XLSX: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  CSV: 'text/csv; charset=utf-8',
};

export function openReportWriter(format: ExportFormat, filePath: string, header: ReportFileHeader): Promise<ReportFileWriter> {
  switch (format) {
    case 'CSV':
      return openCsvWriter(filePath, header);
    case 'XLSX':
      return openXlsxWriter(filePath, header);
    case 'PDF':
      return openPdfWriter(filePath, header);
  }
}
