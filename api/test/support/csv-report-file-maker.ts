/**
 * Test support, not product code: a small real report file maker for the scheduled reports' tests (the
 * product's maker is the report runs' module). It writes a real CSV of the run-as user's tenant's users
 * under DATA_DIR, and can be told to fail or to wait, so the queue's retries and lost leases are real.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { MadeReportFile, ReportFileMaker, ReportFileRequest } from '../../src/modules/scheduled-reports/report-file-maker';

export interface TestReportFileMaker extends ReportFileMaker {
  /** Every request made, in order. */
  readonly requests: ReportFileRequest[];
  /** The next `times` calls fail with `message`. */
  failNext(times: number, message: string): void;
  /** The next call waits until the returned release is called (a run caught mid-way). */
  holdNext(): { started: Promise<void>; release: () => void };
}

const csvCell = (value: string) => (/[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

export function csvReportFileMaker(dataDir: string): TestReportFileMaker {
  const requests: ReportFileRequest[] = [];
  let failures: { times: number; message: string } = { times: 0, message: '' };
  let hold: { started: () => void; released: Promise<void> } | null = null;

  async function make(q: Parameters<ReportFileMaker['make']>[0], request: ReportFileRequest): Promise<MadeReportFile> {
    requests.push(request);
    if (hold) {
      const { started, released } = hold;
      hold = null;
      started();
      await released;
    }
    if (failures.times > 0) {
      failures = { ...failures, times: failures.times - 1 };
      throw new Error(failures.message);
    }
    const users = await q.query<{ user_name: string; first_name: string }>(
      `select user_name, first_name from users where tenant_id = $1 order by user_name limit 5`,
      [request.tenantId],
    );
    const fileId = crypto.randomUUID();
    const relative = path.join('report-files', `${fileId}.csv`);
    const lines = ['userName,firstName', ...users.map((u) => `${csvCell(u.user_name)},${csvCell(u.first_name)}`)];
    await fs.mkdir(path.join(dataDir, 'report-files'), { recursive: true });
    await fs.writeFile(path.join(dataDir, relative), `${lines.join('\n')}\n`);
    return { fileId, path: relative, fileName: `${request.reportId}.csv`, contentType: 'text/csv', rows: users.length };
  }

  return {
    requests,
    make,
    failNext(times, message) {
      failures = { times, message };
    },
    holdNext() {
      let started!: () => void;
      let release!: () => void;
      const startedPromise = new Promise<void>((resolve) => (started = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      hold = { started, released };
      return { started: startedPromise, release };
    },
  };
}
