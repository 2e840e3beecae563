/**
 * A vehicle's recovery from start to sale (issue 20), in the browser against the real server: staff of
 * Meridian Lending raise a repossession on a vehicle, dispatch it to a spotter with a reward and publish
 * the reward; the spotter, on a phone, reports a sighting with the phone's position and a photo; staff
 * confirm it, recover the vehicle, store and list it with a listing photo; someone signed out makes an
 * offer on the public listing page; staff accept it and the vehicle is sold. The API is used on the side
 * only to put a fresh vehicle in the demo data.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { BID_TEXT } from '../../mfe-vehicles/src/bids/bid-text';
import { DISPATCH_TEXT } from '../../mfe-vehicles/src/dispatches/dispatch-text';
import { choosePhotoLabel, LISTING_TEXT } from '../../mfe-vehicles/src/listing/listing-text';
import { moveLabel, REPOSSESSION_TEXT, repossessionTitle } from '../../mfe-vehicles/src/repossessions/repossession-text';
import { SIGHTING_TEXT } from '../../mfe-vehicles/src/sightings/sighting-text';
import { VEHICLE_TEXT } from '../../mfe-vehicles/src/vehicles/vehicle-text';
import { PUBLIC_LISTING_TEXT } from '../../shell/src/pages/public-listing-text';
import { choose } from '../support/antd';
import { apiAs, signIn } from '../support/session';

const STAFF = 'company administrator';
const SPOTTER = { role: 'spotter', name: 'Sipho Dlamini' };
/** The demo company's public listing key (api/src/seed/demo-listing.ts). */
const LISTING_KEY = 'meridian-lending';
const TIME_ZONE = 'Africa/Johannesburg';
/** Where the spotter stands when they see the vehicle: a Soweto street. */
const SEEN_AT = { latitude: -26.2485, longitude: 27.854, accuracy: 8 };
const RUN = Date.now().toString(36).slice(-5).toUpperCase();
const VEHICLE = { registrationNumber: `RC ${RUN} GP`, make: 'Toyota', model: `Corolla Quest ${RUN}`, year: 2018, colour: 'Silver' };
const BIDDER = { name: 'Anele Mthembu', contact: 'anele.mthembu@example.com', offer: '84500' };

test.use({ timezoneId: TIME_ZONE, viewport: { width: 1440, height: 900 } });

/** A photo as a camera would give it: a real JPEG (a picture of the page), so the server decodes and resizes it. */
async function photoOf(page: Page, name: string) {
  return { name, mimeType: 'image/jpeg', buffer: await page.screenshot({ type: 'jpeg', quality: 70 }) };
}

async function phoneOf(browser: Browser) {
  const context = await browser.newContext({
    timezoneId: TIME_ZONE,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: SEEN_AT,
  });
  return context.newPage();
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const statusShown = (page: Page, status: string) =>
  expect(page.locator('.ant-page-header, header, main').getByText(status, { exact: true }).first()).toBeVisible();

async function move(page: Page, to: Parameters<typeof moveLabel>[0], note?: string) {
  await page.getByRole('button', { name: moveLabel(to) }).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: REPOSSESSION_TEXT.note }) });
  if (note) await dialog.getByRole('textbox', { name: REPOSSESSION_TEXT.note }).fill(note);
  await dialog.getByRole('button', { name: moveLabel(to) }).click();
  await expect(page.getByText(REPOSSESSION_TEXT.movedTo).last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('staff raise, dispatch and publish a repossession; a spotter reports it from a phone; staff recover and list it; a visitor bids and staff sell', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(4 * 60_000);
  const staff = await apiAs(request, STAFF);
  const vehicle = await staff.post<{ id: string }>('/api/vehicles', VEHICLE);

  // Staff: a photo of the vehicle, then the repossession raised from its page.
  await signIn(page, STAFF, `/vehicles/${vehicle.id}`);
  await expect(page.getByRole('heading', { name: `${VEHICLE.registrationNumber} ${VEHICLE.make}` })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles(await photoOf(page, `front-${RUN}.jpg`));
  await expect(page.getByText(VEHICLE_TEXT.photosAdded)).toBeVisible();
  await page.getByRole('button', { name: VEHICLE_TEXT.raiseRepossession }).click();
  const raise = page.getByRole('dialog', { name: VEHICLE_TEXT.raiseRepossession });
  await raise.getByRole('textbox', { name: VEHICLE_TEXT.reason }).fill('Four instalments in arrears; client unreachable');
  await raise.getByRole('button', { name: VEHICLE_TEXT.raise }).click();
  await expect(page.getByRole('heading', { name: repossessionTitle(VEHICLE.registrationNumber, VEHICLE.make) })).toBeVisible();
  const repossessionAddress = new URL(page.url()).pathname;

  // Dispatched to the spotter with a reward of R 2 500, and the reward published.
  await tab(page, DISPATCH_TEXT.dispatches).click();
  await choose(page, page.getByRole('combobox', { name: DISPATCH_TEXT.assignee }), `${DISPATCH_TEXT.spotter}: ${SPOTTER.name}`);
  await page.getByRole('textbox', { name: DISPATCH_TEXT.reward }).fill('2500');
  await page.getByRole('button', { name: DISPATCH_TEXT.dispatch, exact: true }).click();
  await expect(page.getByText(DISPATCH_TEXT.dispatchedMessage)).toBeVisible();
  const dispatchRow = page.getByRole('table', { name: DISPATCH_TEXT.dispatches }).getByRole('row').filter({ hasText: SPOTTER.name });
  await dispatchRow.getByRole('button', { name: DISPATCH_TEXT.publish }).click();
  await expect(page.getByText(DISPATCH_TEXT.publishedMessage)).toBeVisible();
  await expect(dispatchRow.getByText(DISPATCH_TEXT.published, { exact: true })).toBeVisible();
  await statusShown(page, 'Dispatched');

  // The spotter, on a phone: the vehicle is on their wanted list; the sighting goes with position and photo.
  const phone = await phoneOf(browser);
  try {
    await signIn(phone, SPOTTER.role, '/vehicles/wanted');
    await phone.getByRole('button', { name: `${SIGHTING_TEXT.report}: ${VEHICLE.registrationNumber}` }).click();
    await expect(phone.getByText(SIGHTING_TEXT.positionCaptured)).toBeVisible();
    await expect(phone.getByText(`${SEEN_AT.latitude.toFixed(6)}, ${SEEN_AT.longitude.toFixed(6)}`, { exact: false })).toBeVisible();
    await phone.getByRole('textbox', { name: SIGHTING_TEXT.note }).fill('Parked outside the Maponya Mall taxi rank');
    await phone.locator('input[type="file"]').setInputFiles(await photoOf(phone, `sighting-${RUN}.jpg`));
    await phone.getByRole('button', { name: SIGHTING_TEXT.send }).click();
    await expect(phone.getByText(SIGHTING_TEXT.sent)).toBeVisible();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  } finally {
    await phone.context().close();
  }

  // Staff confirm the sighting (Sighted), recover the vehicle, store it and list it with its photo.
  await page.goto(`${repossessionAddress}?tab=sightings`);
  const sightingRow = page.getByRole('row').filter({ hasText: 'Maponya Mall' });
  await sightingRow.getByRole('button', { name: SIGHTING_TEXT.confirm }).click();
  await page.getByRole('dialog').getByRole('button', { name: SIGHTING_TEXT.confirm }).click();
  await expect(page.getByText(SIGHTING_TEXT.confirmed)).toBeVisible();
  await statusShown(page, 'Sighted');
  await move(page, 'Recovered', 'Towed from Maponya Mall by the spotter');
  await move(page, 'In storage');
  await move(page, 'Listed');
  await statusShown(page, 'Listed');
  await tab(page, LISTING_TEXT.tab).click();
  await page.getByRole('button', { name: choosePhotoLabel(`front-${RUN}.jpg`) }).click();
  await expect(page.getByText(LISTING_TEXT.saved)).toBeVisible();

  // Someone signed out finds the vehicle on the public listing and makes an offer.
  const visitor = await browser.newContext({ timezoneId: TIME_ZONE });
  try {
    const listing = await visitor.newPage();
    await listing.goto(`/listing/${LISTING_KEY}`);
    const card = listing.locator('.ant-card').filter({ hasText: VEHICLE.model });
    await expect(card.getByRole('img', { name: new RegExp(VEHICLE.model) })).toBeVisible();
    await expect(card).not.toContainText(VEHICLE.registrationNumber);
    await card.getByRole('button', { name: PUBLIC_LISTING_TEXT.makeBid }).click();
    const offer = listing.getByRole('dialog');
    await offer.getByRole('textbox', { name: PUBLIC_LISTING_TEXT.name }).fill(BIDDER.name);
    await offer.getByRole('textbox', { name: PUBLIC_LISTING_TEXT.contact }).fill(BIDDER.contact);
    await offer.getByRole('textbox', { name: PUBLIC_LISTING_TEXT.amount('ZAR') }).fill(BIDDER.offer);
    await offer.getByRole('button', { name: PUBLIC_LISTING_TEXT.send }).click();
    await expect(offer.getByText(PUBLIC_LISTING_TEXT.sent)).toBeVisible();
  } finally {
    await visitor.close();
  }

  // Staff accept the offer: the vehicle is sold.
  await page.goto(`${repossessionAddress}?tab=bids`);
  await page.getByRole('button', { name: `${BID_TEXT.accept} ${BIDDER.name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: BID_TEXT.accept }).click();
  await expect(page.getByText(BID_TEXT.accepted)).toBeVisible();
  await statusShown(page, 'Sold');
  await tab(page, REPOSSESSION_TEXT.history).click();
  await expect(page.getByRole('tabpanel').getByRole('row').filter({ hasText: 'Sold' })).toHaveCount(1);
});
