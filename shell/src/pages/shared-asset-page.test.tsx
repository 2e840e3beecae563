import { act, screen } from '@testing-library/react';
import type { SharedAsset } from '@meridian/shared/contract/share-link';
import SharedAssetPage, { SHARED_ASSET_TEXT } from './shared-asset-page';
import { fail, fakeFetch, ok, renderPage, resetSession, type FakeReply } from './parts/page-test-kit';

// jsdom draws no map: the points map lists the position in its place.
jest.mock('leaflet', () => ({
  map: () => {
    throw new Error('no map in jsdom');
  },
}));

const TOKEN = 'Q2hhcmFjdGVyc09mQVNoYXJlTGlua1Rva2VuMDEyMzQ';
const PUBLIC_PATH = `/api/public/share/${TOKEN}`;
const at = (token = TOKEN) => renderPage(<SharedAssetPage />, { path: '/share/:token', at: `/share/${token}` });

const shared = (overrides: Partial<SharedAsset> = {}): SharedAsset => ({
  name: 'ND 123-456 Toyota Hilux',
  // 12:30 UTC is 14:30 in Johannesburg.
  position: {
    latitude: -29.8587,
    longitude: 31.0218,
    speedKmh: 37,
    course: 135,
    fixTime: '2026-11-26T12:30:00.000Z',
    address: 'West Street, Durban',
  },
  online: true,
  expireDate: '2026-12-03T10:00:00.000Z',
  timeZone: 'Africa/Johannesburg',
  map: { mapTileUrl: 'https://tiles.example.test/{z}/{x}/{y}.png', mapAttribution: '© Example' },
  ...overrides,
});

/** Lets the next poll run and its answer land. */
async function nextPoll() {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(10_000);
  });
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  resetSession();
});

describe('shared vehicle page', () => {
  test("shows the asset's name, state and position taken in the tenant's zone, then follows it every 10 seconds", async () => {
    const replies: FakeReply[] = [ok(shared()), ok(shared({ position: { ...shared().position!, speedKmh: 64 }, online: false }))];
    const { callsTo } = fakeFetch(() => replies.shift() ?? ok(shared()));
    at();

    expect(await screen.findByRole('heading', { name: /ND 123-456 Toyota Hilux/ })).toBeInTheDocument();
    expect(screen.getByText(SHARED_ASSET_TEXT.online)).toBeInTheDocument();
    expect(screen.getByText(/14:30 \(Africa\/Johannesburg\)/)).toBeInTheDocument();
    expect(screen.getByText('37 km/h')).toBeInTheDocument();
    expect(screen.getByText('West Street, Durban')).toBeInTheDocument();
    expect(callsTo(PUBLIC_PATH)).toHaveLength(1);
    expect(callsTo('/api/config/client')).toHaveLength(0);

    await nextPoll();
    expect(await screen.findByText('64 km/h')).toBeInTheDocument();
    expect(screen.getByText(SHARED_ASSET_TEXT.offline)).toBeInTheDocument();
    expect(callsTo(PUBLIC_PATH)).toHaveLength(2);
  });

  test('says the link has expired when the server answers 410, and stops asking', async () => {
    const replies: FakeReply[] = [ok(shared()), fail(410, 'EXPIRED', 'This share link has expired.')];
    const { callsTo } = fakeFetch(() => replies.shift() ?? ok(shared()));
    at();
    expect(await screen.findByRole('heading', { name: /ND 123-456 Toyota Hilux/ })).toBeInTheDocument();

    await nextPoll();
    expect(await screen.findByText(SHARED_ASSET_TEXT.expiredTitle)).toBeInTheDocument();
    expect(screen.queryByText('37 km/h')).not.toBeInTheDocument();
    await nextPoll();
    expect(callsTo(PUBLIC_PATH)).toHaveLength(2);
  });

  test('says an unknown or revoked link does not exist', async () => {
    fakeFetch(() => fail(404, 'NOT_FOUND', 'This share link does not exist or was revoked.'));
    at();
    expect(await screen.findByText(SHARED_ASSET_TEXT.missingTitle)).toBeInTheDocument();
  });

  test('a link cut short is reported without asking the server', async () => {
    const { calls } = fakeFetch(() => ok(shared()));
    at('abc');
    expect(screen.getByText(SHARED_ASSET_TEXT.missingTitle)).toBeInTheDocument();
    await nextPoll();
    expect(calls).toHaveLength(0);
  });

  test('keeps the last position, marked as possibly old, while the server cannot be reached', async () => {
    const replies: FakeReply[] = [ok(shared()), fail(503, 'SERVICE_UNAVAILABLE', 'Down for a moment.')];
    fakeFetch(() => replies.shift() ?? ok(shared()));
    at();
    expect(await screen.findByText('37 km/h')).toBeInTheDocument();

    await nextPoll();
    expect(await screen.findByText(SHARED_ASSET_TEXT.stale)).toBeInTheDocument();
    expect(screen.getByText('37 km/h')).toBeInTheDocument();
    await nextPoll();
    expect(screen.queryByText(SHARED_ASSET_TEXT.stale)).not.toBeInTheDocument();
  });

  test('a vehicle without a position yet says so', async () => {
    fakeFetch(() => ok(shared({ position: null })));
    at();
    expect(await screen.findByText(SHARED_ASSET_TEXT.noPosition)).toBeInTheDocument();
  });
});
