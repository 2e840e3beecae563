import { screen, waitFor } from '@testing-library/react';
import type { MapPickerProps } from '@meridian/shared/ui/map-picker';
import ActivityFormPage from './activity-form-page';
import {
  ACTIVITY_ID,
  AGENT_ID,
  COMPANY,
  fail,
  fakeServer,
  fullActivity,
  ok,
  OTHER_AGENT_ID,
  openPicker,
  page,
  pickOption,
  renderAppPage,
  resetSession,
  signInAgent,
  signInManager,
  TYPE,
  typist,
  writes,
} from './activity-test-kit';
import { ACTIVITY_TEXT } from './activity-text';

/** jsdom draws no map: a stand-in that shows the position it is given and picks one on a click. */
jest.mock('@meridian/shared/ui/map-picker', () => ({
  MapPicker: ({ lat, lng, onPick }: MapPickerProps) => (
    <button type="button" data-testid="map" onClick={() => onPick({ lat: -26.2041, lng: 28.0473 })}>
      {`map at ${lat ?? '-'}, ${lng ?? '-'}`}
    </button>
  ),
}));

const NEW_ID = '40000000-0000-4000-8000-000000000099';
const addPage = () => renderAppPage(<ActivityFormPage />, { path: '/sales/activities/create', at: '/sales/activities/create' });
const editPage = () =>
  renderAppPage(<ActivityFormPage />, { path: '/sales/activities/:id/edit', at: `/sales/activities/${ACTIVITY_ID}/edit` });

/** The agents the picker finds in the acting tenant. */
const agents = () =>
  page([
    {
      Id: AGENT_ID,
      firstName: 'Lerato',
      lastName: 'Dube',
      userName: 'lerato.dube',
      emailAddress: 'l@x.test',
      mobile: null,
      tenantId: COMPANY,
      tenantName: 'Meridian',
      lastLoginAt: null,
      dateCreated: '2024-01-01T00:00:00.000Z',
      dateDeleted: null,
      roles: ['Loan Officer'],
    },
    {
      Id: OTHER_AGENT_ID,
      firstName: 'Sipho',
      lastName: 'Nkosi',
      userName: 'sipho.nkosi',
      emailAddress: 's@x.test',
      mobile: null,
      tenantId: COMPANY,
      tenantName: 'Meridian',
      lastLoginAt: null,
      dateCreated: '2024-01-01T00:00:00.000Z',
      dateDeleted: null,
      roles: ['Loan Officer'],
    },
  ]);

async function paste(label: string, value: string) {
  const user = typist();
  await user.clear(screen.getByLabelText(label));
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function fillValidActivity() {
  await paste(ACTIVITY_TEXT.name, 'Visit Thandiwe Mokoena');
  openPicker(ACTIVITY_TEXT.type);
  await waitFor(() => pickOption('Client visit'));
}

afterEach(resetSession);
jest.setTimeout(60_000);

describe('activity form', () => {
  test('shows the broken rules as the user types, before anything is saved', async () => {
    signInManager();
    const { calls } = fakeServer();
    addPage();
    const user = typist();

    await paste(ACTIVITY_TEXT.name, 'x'.repeat(201));
    expect(await screen.findByText('An activity name has at most 200 characters.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(ACTIVITY_TEXT.name));
    expect(await screen.findByText('An activity name is required.')).toBeInTheDocument();

    // An end before the start.
    const end = screen.getByLabelText(ACTIVITY_TEXT.endDateTime);
    await user.click(end);
    await user.type(end, '2020-01-01 10:00{Enter}');
    expect(await screen.findByText('The end date cannot be before the start date.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: ACTIVITY_TEXT.createActivity }));
    expect(await screen.findByText('Choose the activity type.')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  test('says that an empty location is filled from the tenant by the server', async () => {
    signInManager();
    fakeServer();
    addPage();
    expect(await screen.findByText(ACTIVITY_TEXT.locationHint)).toBeInTheDocument();
  });

  test('no two fields share a label: the typed location and the position on the map are told apart', async () => {
    signInManager();
    fakeServer();
    addPage();
    await screen.findByText(ACTIVITY_TEXT.locationHint);
    expect(screen.getAllByLabelText(ACTIVITY_TEXT.location)).toHaveLength(1);
    expect(screen.getByText(ACTIVITY_TEXT.mapPosition)).toBeInTheDocument();
    const labels = Array.from(document.querySelectorAll('label'), (label) => label.textContent?.trim()).filter(Boolean);
    expect(labels).toEqual([...new Set(labels)]);
  });

  test('creating sends the contract body with the chosen agents, and opens the new activity', async () => {
    signInManager();
    const { calls } = fakeServer((call) => {
      if (call.path === `/api/users/getagentscte/${COMPANY}`) return agents();
      if (call.method === 'POST' && call.path === '/api/activities') return ok(fullActivity({ Id: NEW_ID }), 'Activity created.');
      return undefined;
    });
    const { location } = addPage();
    await fillValidActivity();
    openPicker(ACTIVITY_TEXT.agentsToAssign);
    await waitFor(() => pickOption('Sipho Nkosi'));
    await typist().click(screen.getByTestId('map'));

    await typist().click(screen.getByRole('button', { name: ACTIVITY_TEXT.createActivity }));

    await waitFor(() => expect(location().pathname).toBe(`/sales/activities/${NEW_ID}/view`));
    const [sent] = writes(calls);
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/api/activities',
      body: {
        name: 'Visit Thandiwe Mokoena',
        activityTypeId: TYPE.visit,
        endDate: null,
        location: null,
        lat: -26.2041,
        lng: 28.0473,
        assignedUserIds: [OTHER_AGENT_ID],
        clientIds: [],
        leadIds: [],
      },
    });
    expect(typeof (sent!.body as { startDate: unknown }).startDate).toBe('string');
    // The agents were asked of the acting tenant.
    expect(calls.some((c) => c.path === `/api/users/getagentscte/${COMPANY}`)).toBe(true);
  });

  test('a server refusal keeps what was typed and shows the messages under their fields', async () => {
    signInManager();
    const outside = 'Only users of the acting tenant can be assigned; not found: x.';
    fakeServer((call) =>
      call.method === 'POST' && call.path === '/api/activities'
        ? fail(400, 'VALIDATION', 'Some fields are not valid.', {
            fieldErrors: { assignedUserIds: [outside], location: ['A location has at most 300 characters.'] },
          })
        : undefined,
    );
    const { location } = addPage();
    await fillValidActivity();
    await paste(ACTIVITY_TEXT.location, 'Soweto');
    await typist().click(screen.getByRole('button', { name: ACTIVITY_TEXT.createActivity }));

    expect(await screen.findByText(outside)).toBeInTheDocument();
    expect(screen.getByText('A location has at most 300 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(ACTIVITY_TEXT.name)).toHaveValue('Visit Thandiwe Mokoena');
    expect(screen.getByLabelText(ACTIVITY_TEXT.location)).toHaveValue('Soweto');
    expect(location().pathname).toBe('/sales/activities/create');
  });

  test('a refusal that names no field is shown above the button', async () => {
    signInManager();
    fakeServer((call) =>
      call.method === 'POST' && call.path === '/api/activities'
        ? fail(403, 'FORBIDDEN', 'You do not have permission to do this.')
        : undefined,
    );
    addPage();
    await fillValidActivity();
    await typist().click(screen.getByRole('button', { name: ACTIVITY_TEXT.createActivity }));
    expect(await screen.findByText('You do not have permission to do this.')).toBeInTheDocument();
    expect(screen.getByLabelText(ACTIVITY_TEXT.name)).toHaveValue('Visit Thandiwe Mokoena');
  });

  test('editing shows the activity and saves it with its agents, clients and leads', async () => {
    signInManager();
    const { calls } = fakeServer((call) => {
      if (call.method === 'GET' && call.path === `/api/activities/${ACTIVITY_ID}`) return ok(fullActivity());
      if (call.method === 'PUT' && call.path === `/api/activities/${ACTIVITY_ID}`)
        return ok(fullActivity({ name: 'Visit Thandiwe at home' }), 'Activity saved.');
      return undefined;
    });
    const { location } = editPage();
    expect(await screen.findByDisplayValue('Visit Thandiwe Mokoena')).toBeInTheDocument();
    expect(screen.getByText('Lerato Dube')).toBeInTheDocument();
    expect(screen.getByText('Thandiwe Mokoena')).toBeInTheDocument();

    await paste(ACTIVITY_TEXT.name, 'Visit Thandiwe at home');
    await typist().click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(location().pathname).toBe(`/sales/activities/${ACTIVITY_ID}/view`));
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      body: {
        name: 'Visit Thandiwe at home',
        activityTypeId: TYPE.visit,
        assignedUserIds: [AGENT_ID],
        clientIds: ['90000000-0000-4000-8000-000000000001'],
        leadIds: [],
      },
    });
  });

  test('without the clients permission the linked clients are shown, not searched, and kept on saving', async () => {
    signInAgent(['SALES/ACTIVITIES', 'SALES/AGENTS/MYWORK']);
    const { calls } = fakeServer((call) => {
      if (call.method === 'GET' && call.path === `/api/activities/${ACTIVITY_ID}`) return ok(fullActivity({ createdUserId: AGENT_ID }));
      if (call.method === 'PUT' && call.path === `/api/activities/${ACTIVITY_ID}`) return ok(fullActivity(), 'Activity saved.');
      return undefined;
    });
    editPage();
    expect(await screen.findByText('Thandiwe Mokoena')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: ACTIVITY_TEXT.clients })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/clients/search')).toBe(false);

    await typist().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ clientIds: ['90000000-0000-4000-8000-000000000001'] });
  });
});
