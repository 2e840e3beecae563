/**
 * Benchmark of a report run's file writing (issue 22 item 4): N generated rows (default 1,000,000) of a
 * login-report-like source, turned into cells and written through the very writer a run uses (CSV by
 * default; `--format XLSX` or `PDF` for the others), with the progress throttle's clock read per row as a
 * run does. Prints the time, rows per second, the file's size, and the process's resident memory at every
 * tenth of the rows (with the JS heap in use) and at its peak: streaming keeps it flat, whatever N is.
 *
 *   tsx bench/report-export-bench.ts [--rows 1000000] [--format CSV|XLSX|PDF]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ExportFormat } from '@meridian/shared/contract/report-run';
import { cellsOf } from '../src/modules/report-runs/report-cells';
import { openReportWriter } from '../src/modules/report-runs/report-file-writer';
import type { ReportColumn, ReportRow } from '../src/modules/report-runs/report-source';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '1000000' }, format: { type: 'string', default: 'CSV' } } });
const ROWS = Number(values.rows);
const FORMAT = values.format!.toUpperCase() as ExportFormat;

const COLUMNS: ReportColumn[] = [
  { key: 'when', label: 'When', kind: 'instant' },
  { key: 'userName', label: 'User name', kind: 'text' },
  { key: 'tenantName', label: 'Tenant', kind: 'text' },
  { key: 'success', label: 'Succeeded', kind: 'boolean' },
  { key: 'amountMinor', label: 'Amount', kind: 'money' },
  { key: 'count', label: 'Count', kind: 'count' },
  { key: 'note', label: 'Note', kind: 'text' },
];

/** Rows made one at a time, as a keyset walk hands them over: nothing but the current row is held. */
async function* generatedRows(count: number): AsyncIterable<ReportRow> {
  const start = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i += 1) {
    yield {
      when: new Date(start + i * 1000),
      userName: `user-${i % 5000}`,
      tenantName: `Branch ${i % 40}`,
      success: i % 7 !== 0,
      amountMinor: (i * 7919) % 100_000_000,
      count: i,
      note: i % 11 === 0 ? 'Wrong password, "twice"' : 'ok',
    };
    // A source reading the database yields to the event loop between batches.
    if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-report-bench-'));
  const target = path.join(dir, `bench.${FORMAT.toLowerCase()}`);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const rssAt: string[] = [];
  const started = process.hrtime.bigint();
  try {
    const writer = await openReportWriter(FORMAT, target, {
      name: 'Benchmark report',
      heading: `${ROWS} generated rows`,
      columns: COLUMNS,
      companyName: 'Meridian',
      footer: 'Benchmark',
    });
    let rows = 0;
    let lastTick = Date.now();
    for await (const row of generatedRows(ROWS)) {
      await writer.write(cellsOf(COLUMNS, row, 'Africa/Johannesburg'));
      rows += 1;
      if (Date.now() - lastTick >= 250) lastTick = Date.now();
      if (rows % Math.max(1, Math.floor(ROWS / 10)) === 0)
        rssAt.push(
          `${rows}: ${mb(process.memoryUsage().rss)} (heap ${mb(process.memoryUsage().heapUsed)}, buffers ${mb(process.memoryUsage().arrayBuffers)})`,
        );
    }
    await writer.finish();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(`report export benchmark: ${FORMAT}, ${rows.toLocaleString('en')} rows`);
    console.log(`  time ${seconds.toFixed(1)} s, ${Math.round(rows / seconds).toLocaleString('en')} rows/s`);
    console.log(`  file ${mb(fs.statSync(target).size)}`);
    console.log(`  resident memory (and JS heap in use) by rows written: ${rssAt.join(', ')}`);
    console.log(`  peak resident memory ${mb(peak)}`);
  } finally {
    clearInterval(sampler);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
