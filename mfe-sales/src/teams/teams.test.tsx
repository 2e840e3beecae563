import { fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, nameTakenMessage } from '@meridian/shared/messages';
import { LERATO_AGENT, pickersAndMaps, pickOpenOption, SIPHO_AGENT } from '../activity-plans/activity-plan-test-kit';
import { fail, findDialog, ok, renderSalesPage, signInSales, signOut, typist, type FakeCall } from '../testing/sales-test-kit';
import TeamFormPage from './team-form-page';
import TeamsListPage from './teams-list-page';
import { TEAM_A, TEAM_B, teamInFull, teams } from './team-test-kit';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';

const listPage = (at = '/sales/teams') => renderSalesPage(<TeamsListPage />, { path: '/sales/teams', at });
const newTeam = () => renderSalesPage(<TeamFormPage />, { path: '/sales/teams/add', at: '/sales/teams/add' });
const editTeam = () => renderSalesPage(<TeamFormPage />, { path: '/sales/teams/edit/:id', at: `/sales/teams/edit/${TEAM_A}` });

const server = (call: FakeCall) => {
  if (call.method === 'GET' && call.path === '/api/teams') return page(teams(), 2);
  if (call.method === 'GET' && call.path === `/api/teams/${TEAM_A}`) return ok(teamInFull());
  return pickersAndMaps(call);
};
const row = (name: string) => screen.getByRole('row', { name: new RegExp(name) });

afterEach(signOut);
jest.setTimeout(60_000);
beforeEach(() => signInSales(['SALES/TEAMS']));

describe('sales teams list', () => {
  test('asks for the teams by name, and narrows to a type from page 1', async () => {
    const { callsTo } = fakeServer(server);
    const { location } = listPage('/sales/teams?page=2');
    expect(await screen.findByRole('link', { name: 'Soweto Hunters' })).toHaveAttribute('href', `/sales/teams/edit/${TEAM_A}`);
    expect(queryOf(callsTo('/api/teams')[0]!)).toEqual({
      page: '2',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'name',
      sortOrder: 'ASC',
    });

    openPicker('Filter by type');
    await waitFor(() => pickOption('Call centre'));
    await waitFor(() => expect(queryOf(callsTo('/api/teams').at(-1)!)).toMatchObject({ teamType: 'CALL_CENTRE', page: '1' }));
    expect(new URLSearchParams(location().search).get('type')).toBe('CALL_CENTRE');
  });

  test('deleting several teams asks first, then sends their ids as salesTeams and loads the list again', async () => {
    const { calls, callsTo } = fakeServer((call) =>
      call.method === 'DELETE' && call.path === '/api/teams/delete' ? ok({ deleted: 2 }) : server(call),
    );
    listPage();
    await screen.findByRole('link', { name: 'Soweto Hunters' });
    const user = typist();

    await user.click(within(row('Soweto Hunters')).getByRole('checkbox'));
    await user.click(within(row('Durban Closers')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));
    let dialog = await findDialog('Delete 2 teams?');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.cancelAction }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(writes(calls)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /Delete selected \(2\)/ }));
    dialog = await findDialog('Delete 2 teams?');
    const listCalls = callsTo('/api/teams').length;
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.deleteAction }));

    expect(await screen.findByText('2 teams have been deleted.')).toBeInTheDocument();
    expect(callsTo('/api/teams/delete').map((c) => c.body)).toEqual([{ salesTeams: [TEAM_A, TEAM_B] }]);
    await waitFor(() => expect(callsTo('/api/teams').length).toBe(listCalls + 1));
    expect(screen.getByRole('button', { name: /Delete selected \(0\)/ })).toBeDisabled();
  });
});

describe('sales team form', () => {
  test('a new team is saved with its type, leader and members picked from the agents', async () => {
    const { callsTo } = fakeServer((call) => (call.method === 'POST' && call.path === '/api/teams' ? ok(teamInFull()) : server(call)));
    const { location } = newTeam();
    const user = typist();
    await user.type(screen.getByLabelText('Team name'), 'Soweto Hunters');
    openPicker('Type');
    await waitFor(() => pickOption('Collections'));
    openPicker('Leader');
    await waitFor(() => pickOpenOption('Sipho Nkosi'));
    openPicker('Members');
    await waitFor(() => pickOpenOption('Lerato Dube'));
    await waitFor(() => pickOpenOption('Sipho Nkosi'));

    await user.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(location().pathname).toBe('/sales/teams'));
    expect(
      callsTo('/api/teams')
        .filter((c) => c.method === 'POST')
        .map((c) => c.body),
    ).toEqual([{ name: 'Soweto Hunters', teamType: 'COLLECTIONS', leaderUserId: SIPHO_AGENT, teamMembers: [LERATO_AGENT, SIPHO_AGENT] }]);
  });

  test('the name is checked as it is typed, and a name the tenant already has stays on screen with what was typed', async () => {
    const taken = nameTakenMessage('team');
    fakeServer((call) => (call.method === 'POST' ? fail(409, 'CONFLICT', taken, { fieldErrors: { name: [taken] } }) : server(call)));
    newTeam();
    const user = typist();
    await user.type(screen.getByLabelText('Team name'), 'x');
    await user.clear(screen.getByLabelText('Team name'));
    expect(await screen.findByText('A team name is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Team name'), 'Soweto Hunters');
    await waitFor(() => expect(screen.queryByText('A team name is required.')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Create team' }));
    expect(await screen.findByText(taken)).toBeInTheDocument();
    expect(screen.getByLabelText('Team name')).toHaveValue('Soweto Hunters');
  });

  test('an existing team opens with its leader and members named, and is saved with PUT', async () => {
    const { callsTo } = fakeServer((call) => (call.method === 'PUT' ? ok(teamInFull()) : server(call)));
    editTeam();
    expect(await screen.findByDisplayValue('Soweto Hunters')).toBeInTheDocument();
    const members = screen.getByRole('combobox', { name: 'Members' }).closest('.ant-select')!;
    expect(within(members as HTMLElement).getByText('Lerato Dube')).toBeInTheDocument();
    await typist().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(`/api/teams/${TEAM_A}`).filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(callsTo(`/api/teams/${TEAM_A}`).find((c) => c.method === 'PUT')!.body).toEqual({
      name: 'Soweto Hunters',
      teamType: 'FIELD',
      leaderUserId: SIPHO_AGENT,
      teamMembers: [LERATO_AGENT],
    });
  });
});
