import { screen, waitFor } from '@testing-library/react';
import { fail, ok, page, renderAppPage, resetSession, typist, writes } from '@meridian/shared/testing/page-test-kit';
import type { Sighting } from '@meridian/shared/contract/sighting';
import { MESSAGES } from '@meridian/shared/messages';
import { recoveryServer, REPOSSESSION_ID, signInFieldSpotter, wantedVehicle } from '../testing/recovery-test-kit';
import ReportSightingPage from './report-sighting-page';
import { SIGHTING_TEXT } from './sighting-text';

jest.setTimeout(30_000);

const SIGHTING_ID = '90000000-0000-4000-8000-000000000001';
const sent: Sighting = {
  id: SIGHTING_ID,
  repossessionId: REPOSSESSION_ID,
  registrationNumber: 'GP 22 BB 22',
  make: 'Volkswagen',
  latitude: -26.2485,
  longitude: 27.854,
  accuracy: 12,
  seenAt: '2026-11-28T10:00:00.000Z',
  note: 'Outside Maponya Mall',
  status: 'Reported',
  spotterId: null,
  spotterName: null,
  reportedByUserId: '20000000-0000-4000-8000-000000000009',
  reportedByName: 'Sipho Dlamini',
  confirmedByUserId: null,
  dateConfirmed: null,
  photoUrl: null,
  thumbnailUrl: null,
  tenantId: '10000000-0000-4000-8000-000000000002',
  dateCreated: '2026-11-28T10:00:00.000Z',
};

type Geolocate = (ok: PositionCallback, failed: PositionErrorCallback) => void;
const deviceAt =
  (latitude: number, longitude: number, accuracy: number): Geolocate =>
  (found) =>
    found({ coords: { latitude, longitude, accuracy } } as GeolocationPosition);
const deviceRefuses: Geolocate = (_found, failed) => failed({ code: 1 } as GeolocationPositionError);

function withGeolocation(getCurrentPosition: Geolocate) {
  Object.defineProperty(navigator, 'geolocation', { value: { getCurrentPosition }, configurable: true });
}

function server(created = (): ReturnType<typeof ok> => ({ ...ok(sent), status: 201 })) {
  return recoveryServer((call) => {
    if (call.method === 'GET' && call.path === '/api/vehicles/wanted') return page([wantedVehicle()]);
    if (call.method === 'POST' && call.path === '/api/vehicles/sightings') return created();
    if (call.method === 'POST' && call.path === `/api/vehicles/sightings/${SIGHTING_ID}/photo`) return ok({ ...sent, photoUrl: 'x' });
    return undefined;
  });
}

beforeEach(() => signInFieldSpotter());
afterEach(() => {
  resetSession();
  Object.defineProperty(navigator, 'geolocation', { value: undefined, configurable: true });
});

const renderReport = (at = `/vehicles/wanted?vehicle=${REPOSSESSION_ID}`) =>
  renderAppPage(<ReportSightingPage />, { path: '/vehicles/wanted', at });

describe("the spotter's wanted list and report form", () => {
  test('the wanted list shows each vehicle as a card with its reward, and opens its report form', async () => {
    server();
    withGeolocation(deviceAt(-26.2485, 27.854, 12));
    const view = renderReport('/vehicles/wanted');
    expect(await screen.findByText('GP 22 BB 22')).toBeInTheDocument();
    expect(screen.getByText(SIGHTING_TEXT.dispatchedToYou)).toBeInTheDocument();
    expect(screen.getByText(/R\s?5\s000,00/)).toBeInTheDocument();
    await typist().click(screen.getByRole('button', { name: `${SIGHTING_TEXT.report}: GP 22 BB 22` }));
    expect(await screen.findByRole('button', { name: SIGHTING_TEXT.send })).toBeInTheDocument();
    expect(view.location().search).toBe(`?vehicle=${REPOSSESSION_ID}`);
  });

  test("the device's position is captured and sent with the time seen (now) and the note", async () => {
    const { calls } = server();
    withGeolocation(deviceAt(-26.2485, 27.854, 12));
    const before = Date.now();
    renderReport();
    expect(await screen.findByText(/-26\.248500, 27\.854000/)).toBeInTheDocument();
    const user = typist();
    await user.type(screen.getByRole('textbox', { name: SIGHTING_TEXT.note }), 'Outside Maponya Mall');
    await user.click(screen.getByRole('button', { name: SIGHTING_TEXT.send }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const body = writes(calls)[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      repossessionId: REPOSSESSION_ID,
      latitude: -26.2485,
      longitude: 27.854,
      accuracy: 12,
      note: 'Outside Maponya Mall',
    });
    const seen = Date.parse(String(body.seenAt));
    expect(seen).toBeGreaterThanOrEqual(before - 60_000);
    expect(seen).toBeLessThanOrEqual(Date.now());
    expect(await screen.findByText(SIGHTING_TEXT.sent)).toBeInTheDocument();
  });

  test("a refused position is said in the browser's words, and nothing is sent without one", async () => {
    const { calls } = server();
    withGeolocation(deviceRefuses);
    renderReport();
    expect(await screen.findByText(MESSAGES.geoDenied)).toBeInTheDocument();
    await typist().click(screen.getByRole('button', { name: SIGHTING_TEXT.send }));
    expect(await screen.findByText(SIGHTING_TEXT.positionNeeded)).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  test("the server's refusal is shown and what was typed stays", async () => {
    server(() => fail(404, 'NOT_FOUND', 'Repossession was not found.'));
    withGeolocation(deviceAt(-26.2, 28.04, 30));
    renderReport();
    await screen.findByText(/-26\.200000, 28\.040000/);
    const user = typist();
    await user.type(screen.getByRole('textbox', { name: SIGHTING_TEXT.note }), 'Blue gate');
    await user.click(screen.getByRole('button', { name: SIGHTING_TEXT.send }));
    expect(await screen.findByText('Repossession was not found.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: SIGHTING_TEXT.note })).toHaveValue('Blue gate');
  });

  test('the photo input takes a picture from the back camera', async () => {
    server();
    withGeolocation(deviceAt(-26.2, 28.04, 30));
    renderReport();
    const input = await screen.findByLabelText(SIGHTING_TEXT.photo);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('capture', 'environment');
  });
});
