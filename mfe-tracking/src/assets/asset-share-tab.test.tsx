import { fakeServer, fail, writes } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor, within } from '@testing-library/react';
import type { ShareLink, ShareLinkCreated } from '@meridian/shared/contract/share-link';
import {
  confirmDialog,
  ok,
  renderTrackingPage,
  resetSession,
  signInOperator,
  typist,
  type FakeCall,
  type FakeReply,
} from '../testing/tracking-test-kit';
import { ASSET_TEXT } from './asset-text';
import { asset, ASSET_ID } from './asset-fixtures';
import AssetDetailsPage from './asset-details-page';

jest.mock('@meridian/shared/realtime/realtime-connection', () => jest.requireActual('../testing/tracking-test-kit').fakeRealtimeModule());
jest.setTimeout(30_000);

const LINK_ID = '90000000-0000-4000-8000-000000000001';
const TOKEN = 'a'.repeat(43);
const link = (overrides: Partial<ShareLink> = {}): ShareLink => ({
  id: LINK_ID,
  assetId: ASSET_ID,
  assetName: 'ND 123-456 Toyota Hilux',
  expireDate: '2099-01-01T00:00:00.000Z',
  status: 'active',
  createdByName: 'Connor Pillay',
  dateCreated: '2025-03-03T12:00:00.000Z',
  revokedAt: null,
  lastOpenedAt: null,
  openCount: 0,
  ...overrides,
});

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === `/api/geo/assets/details/${ASSET_ID}`) return ok(asset());
    if (call.method === 'GET' && call.path === `/api/geo/assets/share-links/${ASSET_ID}`)
      return ok([link({ openCount: 3, lastOpenedAt: '2025-03-04T08:00:00.000Z' })]);
    if (call.method === 'POST' && call.path === '/api/geo/asset/share-links')
      return {
        ...ok({
          ...link({ id: '90000000-0000-4000-8000-000000000002' }),
          token: TOKEN,
          url: `http://localhost/share/${TOKEN}`,
        } satisfies ShareLinkCreated),
        status: 201,
      };
    if (call.method === 'PUT' && call.path === '/api/geo/asset/share-links') return ok(link({ status: 'revoked' }));
    return undefined;
  });
}

beforeEach(() => signInOperator());
afterEach(resetSession);

const renderShare = () =>
  renderTrackingPage(<AssetDetailsPage />, { path: '/tracking/assets/:id', at: `/tracking/assets/${ASSET_ID}?tab=share` });

describe("the asset panel's Share tab", () => {
  test('a new link is made with its expiry and shown once, ready to copy; the list shows when links were opened', async () => {
    const { calls } = server();
    renderShare();
    const links = await screen.findByRole('table', { name: ASSET_TEXT.shareLinks });
    expect(await within(links).findByText(/\(3\)/)).toBeInTheDocument();
    await typist().click(screen.getByRole('button', { name: ASSET_TEXT.createShareLink }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const sent = writes(calls)[0]!;
    expect(sent.body).toMatchObject({ assetShareId: ASSET_ID });
    // A day ahead by default.
    const ahead = new Date((sent.body as { expireDate: string }).expireDate).getTime() - Date.now();
    expect(ahead).toBeGreaterThan(23 * 3_600_000);
    expect(ahead).toBeLessThan(25 * 3_600_000);
    expect(await screen.findByText(ASSET_TEXT.shareLinkMade)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: ASSET_TEXT.shareLinkAddress })).toHaveValue(`http://localhost/share/${TOKEN}`);
  });

  test("the server's refusal of an expiry lands on the field", async () => {
    server((call) =>
      call.method === 'POST' && call.path === '/api/geo/asset/share-links'
        ? fail(400, 'VALIDATION', 'Check the highlighted fields.', { fieldErrors: { expireDate: ['A share link lasts at most 90 days.'] } })
        : undefined,
    );
    renderShare();
    await typist().click(await screen.findByRole('button', { name: ASSET_TEXT.createShareLink }));
    expect(await screen.findByText('A share link lasts at most 90 days.')).toBeInTheDocument();
  });

  test('revoking asks first, then ends the link', async () => {
    const { calls } = server();
    renderShare();
    const links = await screen.findByRole('table', { name: ASSET_TEXT.shareLinks });
    await typist().click(await within(links).findByRole('button', { name: ASSET_TEXT.revoke }));
    await waitFor(() => expect(confirmDialog()).not.toBeNull());
    expect(writes(calls)).toHaveLength(0);
    await typist().click(within(confirmDialog()!).getByRole('button', { name: ASSET_TEXT.revoke }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([expect.objectContaining({ method: 'PUT', body: { assetInfoId: LINK_ID, status: 'revoked' } })]),
    );
  });

  test('someone who may not change assets has no Share tab', async () => {
    signInOperator(['TRACKING/MAP']);
    server();
    renderTrackingPage(<AssetDetailsPage />, { path: '/tracking/assets/:id', at: `/tracking/assets/${ASSET_ID}` });
    await screen.findByRole('tab', { name: 'Asset Details' });
    expect(screen.queryByRole('tab', { name: ASSET_TEXT.tabShare })).not.toBeInTheDocument();
  });
});
