/**
 * XLSX through exceljs's streaming WorkbookWriter: each row is committed (serialized into the zipped sheet)
 * as soon as it is added, so the workbook is never held whole. One sheet named after the report, a bold
 * header row, money as decimal text (exact), counts as numbers.
 */
import type ExcelJS from 'exceljs';
import type { ReportFileHeader, ReportFileWriter } from './report-file-writer';

/** Bytes of sheet XML the zip may have waiting before writing waits for it. */
const MAX_WAITING_BYTES = 1 << 20;

/**
 * What the zip has not yet taken of the sheet. exceljs hands the sheet's XML on in 64 KB pieces without
 * waiting for the zip (its StreamBuf ignores backpressure), so a fast source would pile the whole sheet up
 * in memory while deflate runs behind; its one consumer's buffered length says how far behind it is.
 */
function waitingBytes(sheet: ExcelJS.Worksheet): number {
  const consumers = (sheet as unknown as { stream?: { pipes?: { writableLength?: number }[] } }).stream?.pipes ?? [];
  return consumers.reduce((sum, consumer) => sum + (consumer.writableLength ?? 0), 0);
}

/** Excel's rule for sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) => name.replace(/[:\\/?*[\]]/g, ' ').slice(0, 31) || 'Report';

export async function openXlsxWriter(filePath: string, header: Pick<ReportFileHeader, 'name' | 'columns'>): Promise<ReportFileWriter> {
  // Loaded when a spreadsheet is written, not with the server: most processes never write one.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ filename: filePath, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName(header.name));
  sheet.columns = header.columns.map((column) => ({ header: column.label, key: column.key, width: Math.max(12, column.label.length + 2) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let rows = 0;
  return {
    async write(cells) {
      sheet.addRow([...cells]).commit();
      rows += 1;
      // Let the zip take what was committed before more is added.
      if (rows % 200 === 0) {
        do await new Promise((resolve) => setImmediate(resolve));
        while (waitingBytes(sheet) > MAX_WAITING_BYTES);
      }
    },
    async finish() {
      sheet.commit();
      await workbook.commit();
    },
    async abort() {
      await workbook.commit().catch(() => undefined);
    },
  };
}
