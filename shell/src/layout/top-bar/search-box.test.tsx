import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { fail, fakeFetch, makeUser, ok, renderPage, resetSession, signInAs, typist, type FakeCall } from '../../pages/parts/page-test-kit';
import { SearchBox } from './search-box';

const LEAD = {
  Id: '30000000-0000-4000-8000-000000000001',
  firstName: 'Zoë',
  lastName: 'Müller',
  contactNumber: '0821110000',
  tenantName: 'Soweto Team',
};
const CLIENT = {
  Id: '30000000-0000-4000-8000-000000000002',
  firstName: 'Zola',
  lastName: 'Budd',
  mobile: '0831110000',
  tenantName: 'Soweto Team',
};

const answers = (call: FakeCall) => {
  if (call.path === '/api/leads') return ok([LEAD]);
  if (call.path === '/api/clients') return ok([CLIENT]);
  if (call.path === '/api/activities') return fail(500, 'INTERNAL', 'Something went wrong on our side.');
  return ok([]);
};

afterEach(resetSession);
jest.setTimeout(30_000);

describe('top-bar search', () => {
  test('searches only what the user may read, grouped by kind, and opens the picked result', async () => {
    signInAs(makeUser({ rolepermissions: [{ hierarchy: 'SALES/LEADS' }, { hierarchy: 'CLIENTS' }] }));
    const { callsTo } = fakeFetch(answers);
    const { location } = renderPage(<SearchBox />, { path: '/', at: '/' });
    await typist().type(screen.getByRole('combobox', { name: MESSAGES.search }), 'Zo');

    const lead = await screen.findByText('Zoë Müller');
    expect(screen.getByText('Zola Budd')).toBeInTheDocument();
    const query = callsTo('/api/leads')[0]!.query;
    expect([query.get('search'), query.get('size')]).toEqual(['Zo', '5']);
    // Users and activities are not the officer's to read: they are not asked.
    expect(callsTo('/api/users')).toHaveLength(0);
    expect(callsTo('/api/activities')).toHaveLength(0);

    await typist().click(lead);
    await waitFor(() => expect(location().pathname).toBe(`/sales/leads/edit/${LEAD.Id}`));
  });

  test('says which kind could not be searched and keeps the others', async () => {
    signInAs(makeUser({ rolepermissions: [{ hierarchy: 'SALES/LEADS' }, { hierarchy: 'SALES/ACTIVITIES' }] }));
    fakeFetch(answers);
    renderPage(<SearchBox />, { path: '/', at: '/' });
    await typist().type(screen.getByRole('combobox', { name: MESSAGES.search }), 'Zo');
    expect(await screen.findByText('Activities could not be searched just now.')).toBeInTheDocument();
    expect(screen.getByText('Zoë Müller')).toBeInTheDocument();
  });

  test('does not search a single letter', async () => {
    signInAs(makeUser({ rolepermissions: [{ hierarchy: 'SALES/LEADS' }] }));
    const { callsTo } = fakeFetch(answers);
    renderPage(<SearchBox />, { path: '/', at: '/' });
    await typist().type(screen.getByRole('combobox', { name: MESSAGES.search }), 'Z');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(callsTo('/api/leads')).toHaveLength(0);
  });
});
