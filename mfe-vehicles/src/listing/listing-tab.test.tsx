import { screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, renderAppPage, resetSession, typist, writes } from '@meridian/shared/testing/page-test-kit';
import { photo, repossession, signInDesk, VEHICLE_ID } from '../testing/bids-test-kit';
import { ListingTab } from './listing-tab';
import { choosePhotoLabel, LISTING_TEXT } from './listing-text';

jest.setTimeout(30_000);

// jsdom has no object URLs: thumbnails get a stand-in address.
beforeAll(() => {
  Object.assign(URL, { createObjectURL: () => 'blob:thumbnail', revokeObjectURL: () => undefined });
});

function server() {
  return fakeServer((call) => {
    if (call.method === 'GET' && call.path === `/api/vehicles/${VEHICLE_ID}/photos`) return ok([photo(1), photo(2)]);
    if (call.method === 'GET' && call.path.endsWith('/thumbnail'))
      return { status: 200, body: 'jpeg', headers: { 'content-type': 'image/jpeg' } };
    if (call.method === 'PUT' && call.path === '/api/vehicles/repossessions-publiclistingphoto') return ok(repossession());
    return undefined;
  });
}
const renderTab = (details = repossession(), reload = jest.fn()) => {
  renderAppPage(<ListingTab repossession={details} reload={reload} />, {
    path: '/vehicles/repossessions/:id',
    at: '/vehicles/repossessions/x',
  });
  return reload;
};

beforeEach(() => signInDesk());
afterEach(resetSession);

describe('listing tab', () => {
  test("choosing one of the vehicle's photos sends it as the listing photo and reloads the repossession", async () => {
    const user = typist();
    const { calls } = server();
    const reload = renderTab(repossession({ publicListingPhotoId: photo(1).id }));
    expect(await screen.findByText(LISTING_TEXT.chosen)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: choosePhotoLabel('hilux-1.jpg') })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: choosePhotoLabel('hilux-2.jpg') }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ repossessionId: repossession().id, vehiclePhotoId: photo(2).id });
    await waitFor(() => expect(reload).toHaveBeenCalled());
  });

  test('links to the public listing page, and says when the vehicle is not Listed', async () => {
    server();
    renderTab(repossession({ status: 'In storage' }));
    expect(await screen.findByRole('link', { name: LISTING_TEXT.publicPage })).toHaveAttribute('href', '/listing/meridian-lending');
    expect(screen.getByText(LISTING_TEXT.notListed('In storage'))).toBeInTheDocument();
  });

  test('without the permission to edit, photos are shown but cannot be chosen', async () => {
    resetSession();
    signInDesk(['VEHICLES/BIDS']);
    server();
    renderTab();
    expect(await screen.findByAltText('hilux-1.jpg')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: choosePhotoLabel('hilux-1.jpg') })).not.toBeInTheDocument();
  });
});
