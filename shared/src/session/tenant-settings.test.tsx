/** @jest-environment jsdom */
import { act, render, screen, waitFor } from '@testing-library/react';
import { SETTING_DEFAULTS, type Settings } from '../contract/setting';
import { fail, fakeFetch, ok, resetSession, signInAs, type FakeCall } from '../testing/page-test-kit';
import { fakeUser } from '../testing/session-fixtures';
import { sessionStore } from './session-store';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

const HOME = '11111111-1111-4111-8111-111111111111';
const BRANCH = '22222222-2222-4222-8222-222222222222';

const SETTINGS_OF: Record<string, Partial<Settings>> = {
  [HOME]: { dateFormat: 'DD/MM/YYYY', timeZone: 'Africa/Johannesburg' },
  [BRANCH]: { dateFormat: 'MM/DD/YYYY', timeZone: 'America/New_York', currencyCode: 'USD', currencySymbol: '$' },
};

/** Answers each tenant's settings, by the tenant the call names. */
const settingsServer = (call: FakeCall) =>
  ok({ mapTileUrl: '', mapAttribution: '', settings: { ...SETTING_DEFAULTS, ...SETTINGS_OF[call.headers['x-tenant-id']!] } });

const configCalls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/api/config/client');

/** 22:30 UTC on 3 March: the 4th in Johannesburg, still the 3rd in New York. */
function Shown() {
  const format = useTenantFormat();
  return <p data-testid="shown">{`${format.moment('2025-03-03T22:30:00Z')} ${format.money('1234.5')}`}</p>;
}

const user = fakeUser({ tenantId: HOME });

afterEach(resetSession);

describe("the acting tenant's formats", () => {
  test("are the tenant's own, asked once however many screens show them", async () => {
    const { calls } = fakeFetch(settingsServer);
    signInAs(user, HOME);
    render(
      <>
        <Shown />
        <Shown />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('shown')[0]).toHaveTextContent(/^04\/03\/2025 00:30 R1.234,50$/));
    expect(configCalls(calls)).toHaveLength(1);
    expect(configCalls(calls)[0]!.headers['x-tenant-id']).toBe(HOME);
  });

  test('a switch to another tenant loads and shows that tenant’s formats', async () => {
    const { calls } = fakeFetch(settingsServer);
    signInAs(user, HOME);
    render(<Shown />);
    await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent(/^04\/03\/2025/));

    act(() => sessionStore.getState().selectTenant(BRANCH));
    await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent('03/03/2025 17:30 $1,234.50'));
    expect(configCalls(calls).map((call) => call.headers['x-tenant-id'])).toEqual([HOME, BRANCH]);
  });

  test('when the settings cannot be loaded the product defaults are shown', async () => {
    fakeFetch(() => fail(503, 'UNAVAILABLE', 'down'));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    signInAs(user, HOME);
    render(<Shown />);
    await waitFor(() => expect(sessionStore.getState().tenantSettings?.tenantId).toBe(HOME));
    expect(screen.getByTestId('shown')).toHaveTextContent(/^2025-03-04 00:30 R1.234,50$/);
  });

  test('are forgotten at sign-out and asked again for the next user', async () => {
    const { calls } = fakeFetch(settingsServer);
    signInAs(user, HOME);
    const { unmount } = render(<Shown />);
    await waitFor(() => expect(sessionStore.getState().tenantSettings?.tenantId).toBe(HOME));
    unmount();
    act(() => sessionStore.getState().signOut());
    expect(sessionStore.getState().tenantSettings).toBeNull();

    signInAs(fakeUser({ Id: 'c0000000-0000-4000-8000-000000000003', tenantId: HOME }), HOME);
    render(<Shown />);
    await waitFor(() => expect(configCalls(calls)).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('shown')).toHaveTextContent(/^04\/03\/2025/));
  });
});
