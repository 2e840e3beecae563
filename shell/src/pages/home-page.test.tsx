import { act, screen, waitFor, within } from '@testing-library/react';
import { sessionStore } from '@meridian/shared/session/session-store';
import { DashboardWidgetsToggle } from '../layout/top-bar/dashboard-widgets-toggle';
import { MESSAGES } from '@meridian/shared/messages';
import HomePage from './home-page';
import {
  fail,
  fakeFetch,
  HOME_TENANT,
  typist,
  makeUser,
  ok,
  renderPage,
  resetSession,
  signInAs,
  USER_ID,
  type FakeCall,
  type FakeReply,
} from './parts/page-test-kit';

const STATS = { assignedActivities: 12, unassignedActivities: 3, assignedAgents: 4, unassignedAgents: 1 };

function answer(stats: FakeReply = ok(STATS)) {
  return ({ path }: FakeCall): FakeReply => {
    if (path === '/api/notification/unreadnotifications') return ok({ notifications: [], count: 7 });
    if (path === `/api/stats/${USER_ID}`) return stats;
    if (path === '/api/tenants/count-sub-tenants') return ok({ count: 3, byType: { 1: 0, 2: 0, 3: 1, 4: 2 } });
    return fail(404, 'NOT_FOUND', 'Not found.');
  };
}

const at = () => renderPage(<HomePage />, { path: '/', at: '/' });

beforeEach(() => signInAs(makeUser()));
afterEach(resetSession);

describe('home dashboard', () => {
  test('greets the user by name and role, in the selected tenant', async () => {
    fakeFetch(answer());
    at();
    expect(screen.getByText('Welcome, Lerato Dube')).toBeInTheDocument();
    expect(screen.getByText('Loan Officer')).toBeInTheDocument();
    expect(screen.getByText('Soweto Team')).toBeInTheDocument();
    await screen.findByText('12');
  });

  test("names a tenant below the user's own as the one they work in after switching to it", async () => {
    const branch = '10000000-0000-4000-8000-000000000031';
    const reply = answer();
    fakeFetch((call) =>
      call.path === '/api/tenants/descendantsByUserId'
        ? ok({
            tenantsArranged: [
              { Id: HOME_TENANT, name: 'Soweto Team', children: [{ Id: branch, name: 'Kliptown Street Team', children: [] }] },
            ],
          })
        : reply(call),
    );
    signInAs(makeUser({ roles: [{ Id: 'role-bm', name: 'Branch Manager' }] }));
    act(() => sessionStore.getState().selectTenant(branch));
    at();
    await waitFor(() => expect(screen.getByTestId('acting-tenant-name')).toHaveTextContent('Kliptown Street Team'));
    expect(screen.queryByText(MESSAGES.tenantNotListed)).not.toBeInTheDocument();
  });

  test('shows the unread notification count and the activity and agent counts', async () => {
    fakeFetch(answer());
    at();
    const notifications = (await screen.findByText('Unread notifications')).closest('.ant-card') as HTMLElement;
    expect(await within(notifications).findByText('7')).toBeInTheDocument();
    const stats = screen.getByText('Activities and agents').closest('.ant-card') as HTMLElement;
    expect(await within(stats).findByText('12')).toBeInTheDocument();
    expect(within(stats).getByText('Unassigned agents')).toBeInTheDocument();
  });

  test('leaves the counts out for a user without sales permission (403)', async () => {
    const { callsTo } = fakeFetch(answer(fail(403, 'FORBIDDEN', MESSAGES.forbidden)));
    at();
    await screen.findByText('7');
    expect(callsTo(`/api/stats/${USER_ID}`)).toHaveLength(1);
    expect(screen.queryByText('Activities and agents')).not.toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.forbidden)).not.toBeInTheDocument();
  });

  test('shows a failed load with a way to retry', async () => {
    fakeFetch(answer(fail(500, 'SERVER_ERROR', MESSAGES.serverError)));
    at();
    expect(await screen.findByText(MESSAGES.serverError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test('counts the tenants below the one acted for, by type', async () => {
    fakeFetch(answer());
    at();
    expect(await screen.findByTestId('sub-tenant-count')).toHaveTextContent('3');
    expect(screen.getByText('0 group · 0 company · 1 branch · 2 team')).toBeInTheDocument();
  });

  describe('widgets sidebar', () => {
    const withToggle = (url: string) =>
      renderPage(
        <>
          <DashboardWidgetsToggle />
          <HomePage />
        </>,
        { path: '/', at: url },
      );
    beforeEach(() => sessionStore.setState({ hiddenDashboardWidgets: [] }));

    test('the top-bar toggle opens and closes the sidebar through the address', async () => {
      fakeFetch(answer());
      const { location } = withToggle('/');
      const toggle = screen.getByRole('button', { name: 'Dashboard widgets' });
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await typist().click(toggle);
      expect(location().search).toBe('?widgets=open');
      expect(await screen.findByRole('dialog', { name: 'Dashboard widgets' })).toBeInTheDocument();
      await typist().click(toggle);
      expect(location().search).toBe('');
    });

    test('a widget switched off disappears, makes no further call, and is remembered', async () => {
      const { callsTo } = fakeFetch(answer());
      withToggle('/?widgets=open');
      await screen.findByText('12');
      const drawer = await screen.findByRole('dialog', { name: 'Dashboard widgets' });
      await typist().click(within(drawer).getByRole('switch', { name: 'Activities and agents' }));
      expect(sessionStore.getState().hiddenDashboardWidgets).toEqual(['stats']);
      await waitFor(() => expect(screen.queryByText('12')).not.toBeInTheDocument());
      expect(screen.getAllByText('Activities and agents')).toHaveLength(1); // the switch's label, not the card
      const calls = callsTo(`/api/stats/${USER_ID}`).length;
      await typist().click(within(drawer).getByRole('switch', { name: MESSAGES.unreadNotifications }));
      expect(callsTo(`/api/stats/${USER_ID}`)).toHaveLength(calls);
      expect(sessionStore.getState().hiddenDashboardWidgets).toEqual(['stats', 'notifications']);
    });

    test('with every widget hidden the page says so and offers to choose again; Show all brings them back', async () => {
      fakeFetch(answer());
      sessionStore.setState({ hiddenDashboardWidgets: ['greeting', 'notifications', 'sub-tenants', 'stats'] });
      const { location } = renderPage(<HomePage />, { path: '/', at: '/' });
      expect(screen.getByText(MESSAGES.allWidgetsHidden)).toBeInTheDocument();
      await typist().click(screen.getByRole('button', { name: MESSAGES.chooseWidgets }));
      expect(location().search).toBe('?widgets=open');
      await typist().click(await screen.findByRole('button', { name: MESSAGES.showAllWidgets }));
      expect(await screen.findByText('Welcome, Lerato Dube')).toBeInTheDocument();
      expect(sessionStore.getState().hiddenDashboardWidgets).toEqual([]);
    });

    test('the toggle is shown on the dashboard only', () => {
      renderPage(<DashboardWidgetsToggle />, { path: '/profile', at: '/profile' });
      expect(screen.queryByRole('button', { name: 'Dashboard widgets' })).not.toBeInTheDocument();
    });
  });
});
