import { screen, waitFor, within } from '@testing-library/react';
import { fail, ok, renderAppPage, resetSession, typist, writes } from '@meridian/shared/testing/page-test-kit';
import { MESSAGES } from '@meridian/shared/messages';
import { reportsServer, schedule, SCHEDULE_ID, signInManager } from '../testing/schedules-test-kit';
import { ScheduledReportForm } from './scheduled-report-form';
import { KIND_NAMES, SCHEDULE_TEXT } from './scheduled-report-text';

jest.setTimeout(30_000);

beforeEach(() => signInManager());
afterEach(resetSession);

const renderForm = (existing: ReturnType<typeof schedule> | null = null, onSaved = jest.fn()) => {
  renderAppPage(<ScheduledReportForm schedule={existing} onSaved={onSaved} />, {
    path: '/reports/schedulereport/create',
    at: '/reports/schedulereport/create',
  });
  return onSaved;
};

const nextRuns = () => within(screen.getByRole('region', { name: SCHEDULE_TEXT.nextRuns }));

async function chooseKind(kind: keyof typeof KIND_NAMES) {
  const user = typist();
  await user.click(screen.getByRole('combobox', { name: SCHEDULE_TEXT.scheduleKind }));
  await user.click(await screen.findByTitle(KIND_NAMES[kind]));
}

describe('the scheduled report form', () => {
  test('a cron expression is checked as it is typed, and the next three runs show once it is right', async () => {
    reportsServer(() => undefined);
    renderForm();
    await chooseKind('cron');
    const cron = screen.getByRole('textbox', { name: SCHEDULE_TEXT.cron });
    const user = typist();
    await user.type(cron, '61 6 * * 1-5');
    expect(await screen.findByText(/Invalid value for minute/)).toBeInTheDocument();
    expect(nextRuns().getByText(SCHEDULE_TEXT.noNextRuns)).toBeInTheDocument();

    await user.clear(cron);
    await user.type(cron, '30 6 * *');
    expect(await screen.findByText(/five fields/)).toBeInTheDocument();

    await user.type(cron, ' 1-5');
    await waitFor(() => expect(screen.queryByText(/five fields/)).not.toBeInTheDocument());
    // Weekdays at 06:30 in Johannesburg (the tenant's zone by default).
    const shown = nextRuns().getAllByRole('listitem');
    expect(shown).toHaveLength(3);
    for (const item of shown) expect(item).toHaveTextContent('06:30');
    expect(nextRuns().getByText(/Africa\/Johannesburg/)).toBeInTheDocument();
  });

  test('a weekly schedule shows its next runs a week apart at its time', async () => {
    reportsServer(() => undefined);
    renderForm(schedule());
    const shown = nextRuns().getAllByRole('listitem');
    expect(shown).toHaveLength(3);
    for (const item of shown) expect(item).toHaveTextContent('07:00');
    expect(new Set(shown.map((item) => item.textContent)).size).toBe(3);
  });

  test('recipients are checked one by one before anything is sent', async () => {
    const { calls } = reportsServer(() => undefined);
    renderForm();
    const user = typist();
    await user.type(screen.getByRole('textbox', { name: SCHEDULE_TEXT.name }), 'Morning PAR');
    await user.type(screen.getByRole('textbox', { name: SCHEDULE_TEXT.recipients }), 'board@example.com, not-mail');
    await user.click(screen.getByRole('button', { name: SCHEDULE_TEXT.create }));
    expect(await screen.findByText('"not-mail" is not a valid e-mail address.')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  test('a new schedule is sent as the contract takes it', async () => {
    const { calls } = reportsServer((call) =>
      call.method === 'POST' && call.path === '/api/scheduled-reports' ? { ...ok(schedule()), status: 201 } : undefined,
    );
    const onSaved = renderForm();
    const user = typist();
    await user.type(screen.getByRole('textbox', { name: SCHEDULE_TEXT.name }), 'Morning PAR');
    await user.type(screen.getByRole('textbox', { name: SCHEDULE_TEXT.parameters }), 'groupBy=officer');
    await user.type(screen.getByRole('textbox', { name: SCHEDULE_TEXT.recipients }), 'Board@Example.com,\nrisk@example.com');
    await user.click(screen.getByRole('button', { name: SCHEDULE_TEXT.create }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({
      name: 'Morning PAR',
      reportId: 'parVarThirtyReport',
      parameters: { groupBy: 'officer' },
      format: 'PDF',
      scheduleKind: 'daily',
      time: '07:00',
      dayOfWeek: 1,
      dayOfMonth: 1,
      cron: '',
      recipients: ['board@example.com', 'risk@example.com'],
      active: true,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  test("an edit is saved with PUT, and the server's refusal lands on the field it names", async () => {
    const { calls } = reportsServer((call) =>
      call.method === 'PUT' && call.path === `/api/scheduled-reports/${SCHEDULE_ID}`
        ? fail(400, 'VALIDATION_ERROR', 'Check the fields.', { fieldErrors: { time: ['Give a time as HH:MM (24 hours).'] } })
        : undefined,
    );
    const onSaved = renderForm(schedule());
    await typist().click(screen.getByRole('button', { name: MESSAGES.save }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ name: 'PAR over 30 days, Monday mornings', scheduleKind: 'weekly', dayOfWeek: 1 });
    expect(await screen.findByText('Give a time as HH:MM (24 hours).')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
