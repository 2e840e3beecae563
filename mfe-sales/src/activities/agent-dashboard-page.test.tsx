import { screen } from '@testing-library/react';
import type { AgentDashboard } from '@meridian/shared/contract/field-agent';
import AgentDashboardPage, { todaysProgress } from './agent-dashboard-page';
import { AGENT_ID, fail, fakeServer, ok, renderAppPage, resetSession, signInAgent } from './activity-test-kit';
import { ACTIVITY_TEXT, progressText } from './activity-text';

const openDashboard = () => renderAppPage(<AgentDashboardPage />, { path: '/agents/dashboard', at: '/agents/dashboard' });

const dashboard = (): AgentDashboard => ({
  date: '2026-11-22',
  online: true,
  startedDayAt: '2026-11-22T06:30:00.000Z',
  onlineMinutesToday: 125,
  activitiesByStatus: [
    { status: 'Completed', count: 3 },
    { status: 'Pending', count: 5 },
  ],
  assignedActivities: 8,
  unassignedActivities: 2,
});

afterEach(resetSession);
jest.setTimeout(60_000);

describe('agent dashboard', () => {
  test("shows the day and today's progress from the dashboard call, and the agent's overall counts", async () => {
    signInAgent();
    const { calls } = fakeServer((call) => {
      if (call.path === '/api/agent/dashboard') return ok(dashboard());
      if (call.path === `/api/stats/agent/${AGENT_ID}`)
        return ok({ assignedActivities: 40, unassignedActivities: 1, assignedAgents: 1, unassignedAgents: 0 });
      return undefined;
    });
    openDashboard();
    expect(await screen.findByText(progressText(3, 8))).toBeInTheDocument();
    expect(screen.getByText(ACTIVITY_TEXT.online)).toBeInTheDocument();
    expect(screen.getByText('2 h 05 min')).toBeInTheDocument();
    expect(await screen.findByText('40')).toBeInTheDocument();
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/api/agent/dashboard', `/api/stats/agent/${AGENT_ID}`]));
  });

  test('a failure is shown with a retry', async () => {
    signInAgent();
    fakeServer((call) =>
      call.path === '/api/agent/dashboard'
        ? fail(503, 'UNAVAILABLE', 'The service is busy.')
        : call.path.startsWith('/api/stats/agent/')
          ? ok({ assignedActivities: 0, unassignedActivities: 0, assignedAgents: 0, unassignedAgents: 0 })
          : undefined,
    );
    openDashboard();
    expect(await screen.findByText('The service is busy.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  test("today's progress counts the completed statuses", () => {
    expect(
      todaysProgress([
        { status: 'Done', count: 1 },
        { status: 'completed', count: 2 },
        { status: 'In progress', count: 1 },
      ]),
    ).toEqual({ done: 3, total: 4, percent: 75 });
    expect(todaysProgress([])).toEqual({ done: 0, total: 0, percent: 0 });
  });
});
