import { screen, waitFor, within } from '@testing-library/react';
import type { EffectiveSettings } from '@meridian/shared/contract/setting';
import { MESSAGES } from '@meridian/shared/messages';
import {
  COMPANY,
  fail,
  fakeFetch,
  globalAdmin,
  GROUP,
  ok,
  renderAdminPage,
  resetSession,
  signInAs,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/admin-test-kit';
import SettingsPage from './settings-page';
import { ADMIN_TEXT } from '../parts/admin-text';
import { SETTING_TEXT } from './setting-text';

jest.setTimeout(30_000);

const OWN = { tenantId: COMPANY, tenantName: 'Meridian Lending' };
const GROUP_SOURCE = { tenantId: GROUP, tenantName: 'Meridian Group' };

/** Meridian Lending sets its own date format, inherits the currency from Meridian Group, and takes the rest from the product. */
const effective = (overrides: Partial<EffectiveSettings> = {}): EffectiveSettings => ({
  tenantId: COMPANY,
  values: {
    currencyCode: 'ZAR',
    currencySymbol: 'R',
    timeZone: 'Africa/Johannesburg',
    dateFormat: 'DD/MM/YYYY',
    defaultPageSize: 50,
    sessionTimeoutMinutes: 30,
    mapTileUrl: '',
  },
  sources: {
    currencyCode: GROUP_SOURCE,
    currencySymbol: GROUP_SOURCE,
    timeZone: null,
    dateFormat: OWN,
    defaultPageSize: null,
    sessionTimeoutMinutes: null,
    mapTileUrl: null,
  },
  ...overrides,
});

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeFetch((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === '/api/settings') return ok(effective());
    return fail(404, 'NOT_FOUND', 'Not found.');
  });
}

const openSettings = () => renderAdminPage(<SettingsPage />, { path: '/admin/settings', at: '/admin/settings' });
const sourceOf = (key: string) => screen.getByTestId(`source-${key}`);
const saveButton = () => screen.getByText(MESSAGES.save).closest('button')!;

beforeEach(() => signInAs(globalAdmin(), COMPANY));
afterEach(resetSession);

describe('settings', () => {
  test('shows each value with where it comes from: the tenant itself, a tenant above it, or the product', async () => {
    server();
    openSettings();

    expect(await screen.findByLabelText(ADMIN_TEXT.currencySymbol)).toHaveValue('R');
    expect(sourceOf('currencySymbol')).toHaveTextContent('Inherited from Meridian Group');
    expect(sourceOf('dateFormat')).toHaveTextContent(SETTING_TEXT.settingOwn);
    expect(sourceOf('sessionTimeoutMinutes')).toHaveTextContent(SETTING_TEXT.settingDefault);
    // Only an own value can be given up.
    expect(within(sourceOf('dateFormat')).getByLabelText(`${SETTING_TEXT.settingInherit}: ${SETTING_TEXT.dateFormat}`)).toBeInTheDocument();
    expect(within(sourceOf('currencySymbol')).queryByRole('button')).not.toBeInTheDocument();
  });

  test('saves only what changed, gives up an own value with null, and shows the answer', async () => {
    const saved = effective({
      values: { ...effective().values, currencySymbol: 'R$', dateFormat: 'YYYY-MM-DD', sessionTimeoutMinutes: 45 },
      sources: { ...effective().sources, currencySymbol: OWN, dateFormat: null, sessionTimeoutMinutes: OWN },
    });
    const { calls } = server((call) => (call.method === 'PUT' ? ok(saved, 'Settings saved.') : undefined));
    openSettings();
    const user = typist();

    await user.clear(await screen.findByLabelText(ADMIN_TEXT.currencySymbol));
    await user.type(screen.getByLabelText(ADMIN_TEXT.currencySymbol), 'R$');
    expect(sourceOf('currencySymbol')).toHaveTextContent(SETTING_TEXT.settingBecomesOwn);
    await user.clear(screen.getByLabelText(SETTING_TEXT.sessionTimeoutMinutes));
    await user.type(screen.getByLabelText(SETTING_TEXT.sessionTimeoutMinutes), '45');
    await user.click(screen.getByLabelText(`${SETTING_TEXT.settingInherit}: ${SETTING_TEXT.dateFormat}`));
    expect(await screen.findByText(SETTING_TEXT.settingWillInherit)).toBeInTheDocument();
    await user.click(saveButton());

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/settings',
      body: { currencySymbol: 'R$', sessionTimeoutMinutes: 45, dateFormat: null },
    });
    expect(Object.keys(calls.find((c) => c.method === 'PUT')!.body as object).sort()).toEqual([
      'currencySymbol',
      'dateFormat',
      'sessionTimeoutMinutes',
    ]);

    expect(await screen.findByText(SETTING_TEXT.settingsSaved)).toBeInTheDocument();
    await waitFor(() => expect(sourceOf('currencySymbol')).toHaveTextContent(SETTING_TEXT.settingOwn));
    expect(sourceOf('dateFormat')).toHaveTextContent(SETTING_TEXT.settingDefault);
    expect(screen.getByLabelText(SETTING_TEXT.sessionTimeoutMinutes)).toHaveValue('45');
  });

  test('checks values as they are typed and keeps them when the server refuses', async () => {
    const { calls } = server((call) =>
      call.method === 'PUT'
        ? fail(400, 'VALIDATION', 'Some fields are not valid.', { fieldErrors: { mapTileUrl: ['This tile server is not allowed.'] } })
        : undefined,
    );
    openSettings();
    const user = typist();

    await user.type(await screen.findByLabelText(SETTING_TEXT.mapTileUrl), 'tiles.example.com');
    expect(await screen.findByText('A tile address starts with http(s):// and holds {z}, {x} and {y}, or is empty.')).toBeInTheDocument();
    await user.click(saveButton());
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.clear(screen.getByLabelText(SETTING_TEXT.mapTileUrl));
    await user.click(screen.getByLabelText(SETTING_TEXT.mapTileUrl));
    await user.paste('https://tiles.example.com/{z}/{x}/{y}.png');
    await user.click(saveButton());
    expect(await screen.findByText('This tile server is not allowed.')).toBeInTheDocument();
    expect(screen.getByLabelText(SETTING_TEXT.mapTileUrl)).toHaveValue('https://tiles.example.com/{z}/{x}/{y}.png');
  });
});
