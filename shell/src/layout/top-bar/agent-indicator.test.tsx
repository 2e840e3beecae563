import { act, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import { AgentIndicator } from './agent-indicator';
import { DEMO, installFakeFetch, renderInShell, resetSession, signInAs, type FakeAnswer } from './top-bar-test-kit';

afterEach(() => {
  resetSession();
  jest.useRealTimers();
});

const action = (value: number) => ({
  Id: 'a1',
  action: value,
  performedByUserId: DEMO.loanOfficer.Id,
  latitude: null,
  longitude: null,
  accuracy: null,
  location: null,
  entityId: null,
  entityType: null,
  dateCreated: '2025-01-01T08:00:00.000Z',
});

async function renderWithLatest(latest: FakeAnswer) {
  const fake = installFakeFetch({ 'GET /api/agent/action/latest': latest });
  signInAs(DEMO.loanOfficer);
  renderInShell(<AgentIndicator />);
  await waitFor(() => expect(fake.callsTo('GET', '/api/agent/action/latest')).toHaveLength(1));
  await act(async () => {});
  return fake;
}

describe('agent indicator', () => {
  it.each([
    ['a sales manager', DEMO.salesManager],
    ['an administrator', DEMO.administrator],
  ])('is not shown to %s, who has no day in the field, and nothing is asked', async (_who, user) => {
    const fake = installFakeFetch({ 'GET /api/agent/action/latest': { data: { agentAction: [action(1)] } } });
    signInAs(user);
    renderInShell(<AgentIndicator />);
    await act(async () => {});
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(fake.callsTo('GET', '/api/agent/action/latest')).toHaveLength(0);
  });

  it('is shown to a team leader, who works in the field too', async () => {
    installFakeFetch({ 'GET /api/agent/action/latest': { data: { agentAction: [action(0)] } } });
    signInAs(DEMO.teamLeader);
    renderInShell(<AgentIndicator />);
    await waitFor(() => expect(screen.getByRole('link')).toHaveAttribute('title', MESSAGES.agentOffline));
  });

  it('is online when the latest agent action is 1', async () => {
    await renderWithLatest({ data: { agentAction: [action(1)] } });
    await waitFor(() => expect(screen.getByRole('link')).toHaveAttribute('title', MESSAGES.agentOnline));
    expect(screen.getByRole('link')).toHaveTextContent(MESSAGES.agentOnline);
    expect(sessionStore.getState().agentOnline).toBe(true);
  });

  it('is offline when the latest agent action is 0', async () => {
    sessionStore.getState().setAgentOnline(true);
    await renderWithLatest({ data: { agentAction: [action(0)] } });
    await waitFor(() => expect(sessionStore.getState().agentOnline).toBe(false));
    expect(screen.getByRole('link')).toHaveAttribute('title', MESSAGES.agentOffline);
  });

  it('is offline when there is no agent action at all', async () => {
    await renderWithLatest({ data: { agentAction: [] } });
    expect(sessionStore.getState().agentOnline).toBe(false);
    expect(screen.getByRole('link')).toHaveTextContent(MESSAGES.agentOffline);
  });

  it('is offline when the lookup fails, and the failure is only logged', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const fake = installFakeFetch({ 'GET /api/agent/action/latest': { data: { agentAction: [action(1)] } } });
    signInAs(DEMO.loanOfficer);
    sessionStore.getState().setAgentOnline(true);
    fake.fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderInShell(<AgentIndicator />);

    await waitFor(() => expect(sessionStore.getState().agentOnline).toBe(false));
    expect(screen.getByRole('link')).toHaveAttribute('title', MESSAGES.agentOffline);
    expect(warn).toHaveBeenCalledWith('[top-bar] agent status lookup failed; showing offline:', expect.anything());
    warn.mockRestore();
  });

  it('is offline when the server answers an error', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    sessionStore.getState().setAgentOnline(true);
    await renderWithLatest({ status: 500 });
    await waitFor(() => expect(sessionStore.getState().agentOnline).toBe(false));
    warn.mockRestore();
  });

  it('links to My Work', async () => {
    await renderWithLatest({ data: { agentAction: [] } });
    expect(screen.getByRole('link')).toHaveAttribute('href', '/agents/landingpage');
  });

  it('looks again 30 s later and follows a change', async () => {
    jest.useFakeTimers();
    let latest = 0;
    const fake = installFakeFetch({ 'GET /api/agent/action/latest': () => ({ data: { agentAction: [action(latest)] } }) });
    signInAs(DEMO.loanOfficer);
    renderInShell(<AgentIndicator />);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(0);
    });
    expect(sessionStore.getState().agentOnline).toBe(false);

    latest = 1;
    await act(async () => {
      await jest.advanceTimersByTimeAsync(30_000);
    });
    expect(fake.callsTo('GET', '/api/agent/action/latest')).toHaveLength(2);
    expect(sessionStore.getState().agentOnline).toBe(true);
    expect(screen.getByRole('link')).toHaveAttribute('title', MESSAGES.agentOnline);
  });

  it('does not look anything up when signed out', async () => {
    const fake = installFakeFetch({ 'GET /api/agent/action/latest': { data: { agentAction: [action(1)] } } });
    renderInShell(<AgentIndicator />);
    await act(async () => {});
    expect(fake.calls).toHaveLength(0);
    expect(screen.getByRole('link')).toHaveAttribute('title', MESSAGES.agentOffline);
  });
});
