/**
 * CSV through csv-stringify's streaming stringifier piped into the file: a header row of the column labels,
 * then one line per row, quoted where needed (RFC 4180). A UTF-8 byte-order mark leads, so a spreadsheet
 * opens names with accents as written.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import { textOf } from './report-cells';
import type { ReportFileHeader, ReportFileWriter } from './report-file-writer';

export async function openCsvWriter(filePath: string, header: Pick<ReportFileHeader, 'columns'>): Promise<ReportFileWriter> {
  const stringifier = stringify({ bom: true, header: true, columns: header.columns.map((c) => c.label) });
  const file = fs.createWriteStream(filePath);
  const written = pipeline(stringifier, file);
  // A failure is seen by finish() or abort(); without this it would also surface as an unhandled rejection.
  written.catch(() => undefined);
  return {
    async write(cells) {
      // Backpressure: wait while the stringifier's buffer is full (the disk is behind).
      if (!stringifier.write(textOf(cells))) await once(stringifier, 'drain');
    },
    async finish() {
      stringifier.end();
      await written;
    },
    async abort() {
      stringifier.destroy();
      await written.catch(() => undefined);
    },
  };
}
