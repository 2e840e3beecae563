import { fakeServer, openPicker, page, pickOption, queryOf, writes } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import {
  DEVICE_B,
  fail,
  ok,
  renderTrackingPage,
  resetSession,
  signInOperator,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/tracking-test-kit';
import { ASSET_TEXT } from './asset-text';
import { asset, ASSET_ID, CATEGORIES, CATEGORY_ID, freeDevice, GROUP_ID, GROUPS } from './asset-fixtures';
import AssetsPage from './assets-page';

jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.setTimeout(30_000);

const LIST = '/api/geo/asset';

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === LIST)
      return page([
        asset(),
        asset({ id: 'b', name: 'GP 77 Isuzu D-Max', registrationNumber: 'GP 77', make: 'Isuzu D-Max', devices: {}, groupName: null }),
      ]);
    if (call.method === 'GET' && call.path === '/api/geo/asset-group') return ok(GROUPS);
    if (call.method === 'GET' && call.path === '/api/geo/asset-category') return ok(CATEGORIES);
    if (call.method === 'GET' && call.path === '/api/geo/device/unlinked-device') return page([freeDevice()]);
    if (call.method === 'POST' && call.path === LIST) return { ...ok(asset()), status: 201 };
    if (call.method === 'DELETE' && call.path === `${LIST}/${ASSET_ID}`) return ok(null);
    return undefined;
  });
}

beforeEach(() => signInOperator());
afterEach(resetSession);

const renderAssets = (at = '/tracking/assets') => renderTrackingPage(<AssetsPage />, { path: '/tracking/assets', at });

describe('assets', () => {
  test('the table shows each asset by registration and make with its status, group, category and primary device, linked to its page', async () => {
    server();
    renderAssets();
    const table = await screen.findByRole('table', { name: ASSET_TEXT.assets });
    const hilux = (await within(table).findByText('ND 123-456 Toyota Hilux')).closest('tr')!;
    expect(hilux).toHaveTextContent('Active');
    expect(hilux).toHaveTextContent('Light delivery vehicles');
    expect(hilux).toHaveTextContent('Pickup');
    expect(hilux).toHaveTextContent('Truck 12');
    expect(within(hilux).getByRole('link', { name: 'ND 123-456 Toyota Hilux' })).toHaveAttribute('href', `/tracking/assets/${ASSET_ID}`);
  });

  test('the status, group and category filters ask the server, and filters in the address are sent from the start', async () => {
    const { callsTo } = server();
    renderAssets(`/tracking/assets?category=${CATEGORY_ID}`);
    await screen.findByText('ND 123-456 Toyota Hilux');
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ assetCategory: CATEGORY_ID });

    openPicker(ASSET_TEXT.filterByStatus);
    pickOption('Stolen');
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ assetStatus: 'stolen', assetCategory: CATEGORY_ID }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: ASSET_TEXT.filterByGroup })).toBeEnabled());
    openPicker(ASSET_TEXT.filterByGroup);
    await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${GROUPS[0]!.name}"]`)).not.toBeNull());
    pickOption(GROUPS[0]!.name);
    await waitFor(() => expect(queryOf(callsTo(LIST).at(-1)!)).toMatchObject({ assetStatus: 'stolen', assetGroup: GROUP_ID }));
  });

  test('a new asset is sent with its registration (as the contract writes it), make and its Primary device chosen from the free ones', async () => {
    const { calls } = server();
    renderAssets();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: new RegExp(ASSET_TEXT.newAsset) }));
    const drawer = await screen.findByRole('dialog');
    await user.type(within(drawer).getByRole('textbox', { name: ASSET_TEXT.registrationNumber }), 'kzn 42');
    await user.type(within(drawer).getByRole('textbox', { name: ASSET_TEXT.make }), 'Ford Ranger');
    openPicker(ASSET_TEXT.primaryDevice);
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="Van 3"]')).not.toBeNull());
    pickOption('Van 3');
    await user.click(within(drawer).getByRole('button', { name: ASSET_TEXT.createAsset }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({
      registrationNumber: 'KZN 42',
      make: 'Ford Ranger',
      status: 'active',
      groupId: null,
      categoryId: null,
      features: [],
      mapIcon: null,
      asset_devices: [{ deviceId: DEVICE_B, deviceTypeId: 1 }],
    });
    expect(await screen.findByText(ASSET_TEXT.assetCreated)).toBeInTheDocument();
  });

  test("the server's refusal of a field is shown on that field, and what was typed stays", async () => {
    server((call) =>
      call.method === 'POST' && call.path === LIST
        ? fail(400, 'VALIDATION', 'Invalid input.', { fieldErrors: { registrationNumber: ['This registration number is taken.'] } })
        : undefined,
    );
    renderAssets();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: new RegExp(ASSET_TEXT.newAsset) }));
    const drawer = await screen.findByRole('dialog');
    const registration = within(drawer).getByRole('textbox', { name: ASSET_TEXT.registrationNumber });
    await user.type(registration, 'ND 123-456');
    await user.type(within(drawer).getByRole('textbox', { name: ASSET_TEXT.make }), 'Toyota Hilux');
    await user.click(within(drawer).getByRole('button', { name: ASSET_TEXT.createAsset }));
    expect(await within(drawer).findByText('This registration number is taken.')).toBeInTheDocument();
    expect(registration).toHaveValue('ND 123-456');
  });

  test('delete asks first, then deletes the asset', async () => {
    const { calls } = server();
    renderAssets();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: 'Delete ND 123-456 Toyota Hilux' }));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm')).not.toBeNull());
    expect(writes(calls)).toHaveLength(0);
    await user.click(
      within(document.querySelector<HTMLElement>('.ant-modal-confirm')!).getByRole('button', { name: MESSAGES.deleteAction }),
    );
    await waitFor(() => expect(writes(calls)).toEqual([expect.objectContaining({ method: 'DELETE', path: `${LIST}/${ASSET_ID}` })]));
  });

  test('someone who may only read assets sees no way to change them', async () => {
    signInOperator(['TRACKING/MAP']);
    server();
    renderAssets();
    expect(await screen.findByText('ND 123-456 Toyota Hilux')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(ASSET_TEXT.newAsset) })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete ND 123-456 Toyota Hilux' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit ND 123-456 Toyota Hilux' })).not.toBeInTheDocument();
  });
});
