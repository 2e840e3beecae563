import { screen, waitFor, within } from '@testing-library/react';
import {
  fakeServer,
  openPicker,
  page,
  pickOption,
  queryOf,
  renderVehiclesPage,
  repossession,
  REPOSSESSION_ID,
  resetSession,
  signInManager,
  typist,
} from '../testing/vehicles-test-kit';
import { REPOSSESSION_TEXT } from './repossession-text';
import RepossessionsPage from './repossessions-page';

jest.setTimeout(30_000);

const LIST = '/api/vehicles/repossessions/00000000-0000-0000-0000-000000000000';

beforeEach(() => signInManager());
afterEach(resetSession);

const renderList = (at = '/vehicles/repossessions') => renderVehiclesPage(<RepossessionsPage />, { path: '/vehicles/repossessions', at });

describe('the repossessions list', () => {
  test('asks the server for one page, newest first, and shows each with its status tag, linked to its page', async () => {
    const { callsTo } = fakeServer((call) => (call.path === LIST ? page([repossession({ status: 'Sighted' })], 500) : undefined));
    renderList();
    const table = await screen.findByRole('table', { name: REPOSSESSION_TEXT.repossessions });
    const row = (await within(table).findByText('GP 11 AA 11 Toyota')).closest('tr')!;
    expect(within(row).getByText('Sighted')).toHaveClass('ant-tag');
    expect(within(row).getByRole('link')).toHaveAttribute('href', `/vehicles/repossessions/${REPOSSESSION_ID}`);
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ page: '1', sortField: 'dateCreated', sortOrder: 'DESC' });
    // 500 on the server: the total is the server's, and the next page is asked of it.
    expect(screen.getByText(/of 500/)).toBeInTheDocument();
    await typist().click(screen.getByTitle('2'));
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ page: '2' }));
  });

  test('the status filter asks the server again, and a filter in the address is sent from the start', async () => {
    const { callsTo } = fakeServer((call) => (call.path === LIST ? page([repossession()]) : undefined));
    renderList('/vehicles/repossessions?status=Listed');
    await screen.findByText('GP 11 AA 11 Toyota');
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ status: 'Listed' });
    openPicker(REPOSSESSION_TEXT.filterByStatus);
    pickOption('Cancelled');
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ status: 'Cancelled', page: '1' }));
  });

  test('an empty list says so', async () => {
    fakeServer((call) => (call.path === LIST ? page([], 0) : undefined));
    renderList();
    expect(await screen.findByText(REPOSSESSION_TEXT.noRepossessions)).toBeInTheDocument();
  });
});
