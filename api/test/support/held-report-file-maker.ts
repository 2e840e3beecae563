/**
 * Test support, not product code: the product's own report file maker (the report runs' engine, run as the
 * schedule's user), wrapped so a test can make its next runs fail or wait, and see what was asked of it: the
 * queue's retries and lost leases are then driven for real, with real files.
 */
import type { ReportFileMaker, ReportFileRequest } from '../../src/modules/scheduled-reports/report-file-maker';
import { reportRegistryOf } from '../../src/modules/report-runs/report-runs-routes';
import { createScheduledRunMaker } from '../../src/modules/report-runs/scheduled-run-maker';

export interface HeldReportFileMaker extends ReportFileMaker {
  /** Every request made, in order. */
  readonly requests: ReportFileRequest[];
  /** The next `times` calls fail with `message` (an ordinary failure, which the queue retries). */
  failNext(times: number, message: string): void;
  /** The next call waits until the returned release is called (a run caught mid-way). */
  holdNext(): { started: Promise<void>; release: () => void };
}

export function heldReportFileMaker(dataDir: string): HeldReportFileMaker {
  const product = createScheduledRunMaker({ dataDir, registry: reportRegistryOf(), log: () => undefined });
  const requests: ReportFileRequest[] = [];
  let failures = { times: 0, message: '' };
  let hold: { started: () => void; released: Promise<void> } | null = null;

  return {
    requests,
    async make(db, request) {
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
      return product.make(db, request);
    },
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
