import { fakeServer, openPicker, page, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { pickersAndMaps, pickOpenOption, SIPHO_AGENT } from '../activity-plans/activity-plan-test-kit';
import { teams, TEAM_A } from '../teams/team-test-kit';
import { findDialog, ok, renderSalesPage, signInSales, signOut, typist, type FakeCall } from '../testing/sales-test-kit';
import TargetFormPage from './target-form-page';
import TargetsListPage from './targets-list-page';
import { TARGET_A, TARGET_B, targetRow, targets } from './target-test-kit';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';

const listPage = (at = '/sales/targets') => renderSalesPage(<TargetsListPage />, { path: '/sales/targets', at });
const newTarget = () => renderSalesPage(<TargetFormPage />, { path: '/sales/targets/create', at: '/sales/targets/create' });
const editTarget = () => renderSalesPage(<TargetFormPage />, { path: '/sales/targets/:id/edit', at: `/sales/targets/${TARGET_A}/edit` });

const ONE_OF = 'Choose the team or the user the target is for.';
const server = (call: FakeCall) => {
  if (call.method === 'GET' && call.path === '/api/targets') return page(targets(), 2);
  if (call.method === 'GET' && call.path === `/api/targets/${TARGET_A}`) return ok(targetRow());
  if (call.method === 'GET' && call.path === '/api/teams') return page(teams());
  if (call.method === 'POST' && call.path === '/api/targets') return ok(targetRow());
  if (call.method === 'PUT' && call.path === `/api/targets/${TARGET_A}`) return ok(targetRow());
  return pickersAndMaps(call);
};
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });
const fieldOf = (label: string) => screen.getByLabelText(label).closest<HTMLElement>('.ant-form-item')!;

/** Name, metric and value: everything but whom the target is for. */
async function fillTarget() {
  const user = typist();
  await user.type(screen.getByLabelText('Target name'), 'June visits');
  openPicker('Metric');
  await waitFor(() => pickOpenOption('Activities completed'));
  await user.type(screen.getByLabelText('Target value'), '40');
}

afterEach(signOut);
jest.setTimeout(60_000);
beforeEach(() => signInSales(['SALES/TARGETS']));

describe('sales targets list', () => {
  test('asks for the newest targets first, shows achieved against target, and narrows by metric and period from page 1', async () => {
    const { callsTo } = fakeServer(server);
    listPage('/sales/targets?page=2');
    expect(await screen.findByRole('link', { name: 'June visits' })).toHaveAttribute('href', `/sales/targets/${TARGET_A}/edit`);
    expect(queryOf(callsTo('/api/targets')[0]!)).toEqual({
      page: '2',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'dateCreated',
      sortOrder: 'DESC',
    });
    expect(within(row('June visits')).getByRole('progressbar', { name: 'June visits: 12 of 40' })).toBeInTheDocument();
    expect(within(row('June visits')).getByText('12 / 40')).toBeInTheDocument();
    expect(within(row('Sipho leads')).getByText('Sipho Nkosi')).toBeInTheDocument();
    expect(within(row('Sipho leads')).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

    openPicker('Filter by metric');
    await waitFor(() => pickOpenOption('Leads created'));
    await waitFor(() => expect(queryOf(callsTo('/api/targets').at(-1)!)).toMatchObject({ metric: 'LEADS_CREATED', page: '1' }));
    fireEvent.change(screen.getByLabelText('Periods from'), { target: { value: '2025-06-01' } });
    await waitFor(() =>
      expect(queryOf(callsTo('/api/targets').at(-1)!)).toMatchObject({ metric: 'LEADS_CREATED', periodFrom: '2025-06-01' }),
    );
  });

  test('deleting several targets asks first, then posts their ids', async () => {
    const { calls, callsTo } = fakeServer((call) =>
      call.method === 'POST' && call.path === '/api/targets/delete' ? ok({ deleted: 2 }) : server(call),
    );
    listPage();
    await screen.findByRole('link', { name: 'June visits' });
    const user = typist();
    await user.click(within(row('June visits')).getByRole('checkbox'));
    await user.click(within(row('Sipho leads')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));
    const dialog = await findDialog('Delete 2 targets?');
    expect(writes(calls)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.deleteAction }));
    expect(await screen.findByText('2 targets have been deleted.')).toBeInTheDocument();
    expect(callsTo('/api/targets/delete').map((c) => c.body)).toEqual([{ ids: [TARGET_A, TARGET_B] }]);
  });
});

describe('sales target form', () => {
  test('a target is for exactly one of a team or an agent: without one it says so under the picker shown, and sends only the one chosen', async () => {
    const { calls, callsTo } = fakeServer(server);
    const { location } = newTarget();
    await fillTarget();
    const user = typist();

    await user.click(screen.getByRole('button', { name: 'Create target' }));
    expect(await within(fieldOf('Team')).findByText(ONE_OF)).toBeInTheDocument();

    // For an agent: the same rule, now under the agent picker.
    await user.click(screen.getByRole('radio', { name: 'An agent' }));
    expect(await within(fieldOf('Agent')).findByText(ONE_OF)).toBeInTheDocument();
    expect(screen.queryByLabelText('Team')).not.toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);

    openPicker('Agent');
    await waitFor(() => pickOpenOption('Sipho Nkosi'));
    await waitFor(() => expect(screen.queryByText(ONE_OF)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Create target' }));
    await waitFor(() => expect(location().pathname).toBe('/sales/targets'));
    expect(
      callsTo('/api/targets')
        .filter((c) => c.method === 'POST')
        .map((c) => c.body),
    ).toEqual([
      expect.objectContaining({ name: 'June visits', metric: 'ACTIVITIES_COMPLETED', targetValue: 40, teamId: null, userId: SIPHO_AGENT }),
    ]);
  });

  test('a target for a team is saved with the team found by name, and a period that ends before it starts is refused as typed', async () => {
    const { callsTo } = fakeServer(server);
    newTarget();
    await fillTarget();
    fireEvent.change(screen.getByLabelText('Period ends'), { target: { value: '2025-06-30' } });
    fireEvent.change(screen.getByLabelText('Period starts'), { target: { value: '2025-07-01' } });
    expect(await screen.findByText('The period cannot end before it starts.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Period starts'), { target: { value: '2025-06-01' } });
    await waitFor(() => expect(screen.queryByText('The period cannot end before it starts.')).not.toBeInTheDocument());

    openPicker('Team');
    await waitFor(() => pickOpenOption('Soweto Hunters'));
    await typist().click(screen.getByRole('button', { name: 'Create target' }));
    await waitFor(() => expect(callsTo('/api/targets').filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(callsTo('/api/targets').find((c) => c.method === 'POST')!.body).toEqual({
      name: 'June visits',
      metric: 'ACTIVITIES_COMPLETED',
      targetValue: 40,
      periodStart: '2025-06-01',
      periodEnd: '2025-06-30',
      teamId: TEAM_A,
      userId: null,
    });
  });

  test('an existing target shows its progress, and moving it from its team to an agent sends the agent alone', async () => {
    const { callsTo } = fakeServer(server);
    editTarget();
    expect(await screen.findByDisplayValue('June visits')).toBeInTheDocument();
    expect(screen.getByLabelText('June visits: 12 of 40')).toBeInTheDocument();
    expect(within(fieldOf('Team')).getByText('Soweto Hunters')).toBeInTheDocument();
    const user = typist();
    await user.click(screen.getByRole('radio', { name: 'An agent' }));
    openPicker('Agent');
    await waitFor(() => pickOpenOption('Sipho Nkosi'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(`/api/targets/${TARGET_A}`).filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(callsTo(`/api/targets/${TARGET_A}`).find((c) => c.method === 'PUT')!.body).toMatchObject({ teamId: null, userId: SIPHO_AGENT });
  });
});
