import { fakeServer, queryOf } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { fail, ok, renderSalesPage, signInSales, signOut, typist, type FakeCall } from '../testing/sales-test-kit';
import LeadsDashboardPage from './leads-dashboard-page';
import SalesDashboardPage from './sales-dashboard-page';
import { ALL_LEAD_PERMISSIONS, leadDashboard, onWednesday5March2025, salesDashboard } from './leads-test-kit';

/** The number on the card titled `title`. */
const card = (title: string) =>
  within(screen.getByRole('figure', { name: title }))
    .getByText(/\d/)
    .closest('.ant-statistic-content')?.textContent;
const lastQuery = (calls: FakeCall[]) => queryOf(calls.at(-1)!);

beforeEach(() => {
  onWednesday5March2025();
  signInSales(ALL_LEAD_PERMISSIONS);
});
afterEach(() => {
  signOut();
  jest.useRealTimers();
});
jest.setTimeout(60_000);

describe('leads dashboard', () => {
  const open = (at = '/sales/leadsdashboard') => renderSalesPage(<LeadsDashboardPage />, { path: '/sales/leadsdashboard', at });

  test("shows the server's numbers for the last 30 days: totals, conversion and bars by status, consent, outcome and day", async () => {
    const { callsTo } = fakeServer((call) => (call.path === '/api/leads/dashboard' ? ok(leadDashboard()) : undefined));
    open();
    expect(await screen.findByRole('figure', { name: 'Leads created' })).toBeInTheDocument();
    expect(lastQuery(callsTo('/api/leads/dashboard'))).toEqual({ startDate: '2025-02-04', endDate: '2025-03-05' });

    expect(card('Leads created')).toBe('12');
    expect(card('Converted')).toBe('3');
    expect(card('Conversion rate')).toBe('25.0%');
    const byStatus = screen.getByRole('list', { name: 'By status' });
    expect(within(byStatus).getByRole('listitem', { name: 'New: 5' })).toBeInTheDocument();
    expect(within(byStatus).getByRole('listitem', { name: 'Converted: 3' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'By consent' })).getByRole('listitem', { name: 'PROVIDED: 3' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'By affordability outcome' })).getByRole('listitem', { name: 'AFFORDABLE: 3' }),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'New leads per day' })).getAllByRole('listitem')).toHaveLength(2);
  });

  test('another window is asked for and kept in the address', async () => {
    const { callsTo } = fakeServer((call) => (call.path === '/api/leads/dashboard' ? ok(leadDashboard()) : undefined));
    const { location } = open();
    await screen.findByRole('figure', { name: 'Leads created' });
    await typist().click(screen.getByText('Last 7 days'));
    await waitFor(() => expect(lastQuery(callsTo('/api/leads/dashboard'))).toEqual({ startDate: '2025-02-27', endDate: '2025-03-05' }));
    expect(new URLSearchParams(location().search).get('from')).toBe('2025-02-27');
  });

  test('a window without leads says so', async () => {
    fakeServer((call) =>
      call.path === '/api/leads/dashboard'
        ? ok(leadDashboard({ total: 0, converted: 0, conversionRate: 0, byStatus: [{ key: 'New', count: 0 }], newPerDay: [] }))
        : undefined,
    );
    open();
    expect(await screen.findByText('No leads were created in this window.')).toBeInTheDocument();
    expect(card('Leads created')).toBe('0');
    expect(screen.queryByRole('list', { name: 'By status' })).not.toBeInTheDocument();
  });

  test('a dashboard that fails to load says so and asks again on retry', async () => {
    let failing = true;
    const { callsTo } = fakeServer((call) =>
      call.path === '/api/leads/dashboard'
        ? failing
          ? fail(400, 'VALIDATION', 'A dashboard covers at most 366 days.')
          : ok(leadDashboard())
        : undefined,
    );
    open();
    expect(await screen.findByText('A dashboard covers at most 366 days.')).toBeInTheDocument();
    failing = false;
    await typist().click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(await screen.findByRole('figure', { name: 'Leads created' })).toBeInTheDocument();
    expect(callsTo('/api/leads/dashboard')).toHaveLength(2);
  });
});

describe('sales dashboard', () => {
  const open = () => renderSalesPage(<SalesDashboardPage />, { path: '/sales/dashboard', at: '/sales/dashboard' });

  test("shows the server's totals, completion rate and top agents", async () => {
    const { callsTo } = fakeServer((call) => (call.path === '/api/sales/dashboard' ? ok(salesDashboard()) : undefined));
    open();
    expect(await screen.findByRole('figure', { name: 'Leads created' })).toBeInTheDocument();
    expect(lastQuery(callsTo('/api/sales/dashboard'))).toEqual({ startDate: '2025-02-04', endDate: '2025-03-05' });
    expect(card('Leads created')).toBe('40');
    expect(card('Leads converted')).toBe('6');
    expect(card('Clients added')).toBe('17');
    expect(card('Activities planned')).toBe('120');
    expect(card('Activities completed')).toBe('90');
    expect(card('Completion rate')).toBe('75.0%');

    const agents = screen.getByRole('table', { name: 'Top agents' });
    const bongani = within(agents).getByText('Bongani Zulu').closest('tr')!;
    expect(within(bongani).getByText('28')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Activities completed' })).getByRole('listitem', { name: 'Ayanda Mthembu: 11' }),
    ).toBeInTheDocument();
  });

  test('a window without any work says so', async () => {
    fakeServer((call) =>
      call.path === '/api/sales/dashboard'
        ? ok(
            salesDashboard({
              leadsCreated: 0,
              leadsConverted: 0,
              clientsAdded: 0,
              activities: { planned: 0, completed: 0, completionRate: 0 },
              topAgents: [],
            }),
          )
        : undefined,
    );
    open();
    expect(await screen.findByText('No leads, clients or activities in this window.')).toBeInTheDocument();
    expect(card('Completion rate')).toBe('0.0%');
  });
});
