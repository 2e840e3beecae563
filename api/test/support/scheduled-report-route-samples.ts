/**
 * Route samples of the scheduled reports (issue 22 item 5), joined into ROUTE_SAMPLES: a schedule of
 * Meridian Lending at company level, made by its owner on first use (a branch below sees none of it);
 * delete takes a fresh one each time.
 */
import type { ScheduledReport, ScheduledReportSave } from '@meridian/shared/contract/scheduled-report';
import { LENDING_MARK, type Fixtures } from './route-matrix-fixtures';
import type { Sample } from './route-samples';

const SCHEDULE_NAME = `${LENDING_MARK} schedule`;

export const matrixSchedule = (): ScheduledReportSave => ({
  name: SCHEDULE_NAME,
  reportId: 'parVarThirtyReport',
  parameters: { groupBy: 'branch' },
  format: 'CSV',
  scheduleKind: 'weekly',
  time: '07:30',
  dayOfWeek: 1,
  recipients: ['matrix-recipient@example.com'],
});

async function newSchedule(f: Fixtures): Promise<string> {
  const answer = await f.owner.call<ScheduledReport>('POST', '/api/scheduled-reports', {
    tenant: f.tenants.lending,
    body: matrixSchedule(),
  });
  if (answer.status !== 201) throw new Error(`POST /api/scheduled-reports answered ${answer.status}: ${answer.text}`);
  return answer.body.data.id;
}

const made = new WeakMap<Fixtures, Promise<string>>();
function sharedSchedule(f: Fixtures) {
  const making = made.get(f) ?? newSchedule(f);
  made.set(f, making);
  return making;
}

const object = (call: Sample['call'], extra: Partial<Sample> = {}): Sample => ({ kind: 'object', call, ...extra });
const own = (call: Sample['call'], extra: Partial<Sample> = {}): Sample => ({ kind: 'own', call, ...extra });
const onShared = async (f: Fixtures) => ({ params: { id: await sharedSchedule(f) } });

export const SCHEDULED_REPORT_ROUTE_SAMPLES: Record<string, Sample> = {
  'GET /api/scheduled-reports': own(
    async (f) => {
      await sharedSchedule(f);
      return { query: { search: 'matrix', size: 100 } };
    },
    { holds: () => SCHEDULE_NAME },
  ),
  // Whoever creates names their own schedule: it must not carry Lending's mark.
  'POST /api/scheduled-reports': own(() => ({ body: { ...matrixSchedule(), name: 'A schedule of the caller' } })),
  'GET /api/scheduled-reports/:id': object(onShared, { holds: () => SCHEDULE_NAME }),
  'PUT /api/scheduled-reports/:id': object(async (f) => ({ ...(await onShared(f)), body: matrixSchedule() })),
  'DELETE /api/scheduled-reports/:id': object(async (f) => ({ params: { id: await newSchedule(f) } })),
  'POST /api/scheduled-reports/:id/pause': object(onShared),
  'POST /api/scheduled-reports/:id/resume': object(onShared),
  'POST /api/scheduled-reports/:id/run': object(onShared),
  'GET /api/scheduled-reports/:id/runs': object(onShared),
};
