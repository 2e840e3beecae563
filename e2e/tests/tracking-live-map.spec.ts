/**
 * A tracking operator's day on the live map, in the browser against the real server, its device
 * listeners and the demo simulator (which drives the demo fleet through the real OsmAnd and Teltonika
 * ports, started with the server): the operator of Meridian Tracking (the demo's `admin`) opens the
 * live map and sees a simulated vehicle move, draws a geofence around where that vehicle is, links the
 * fence to it, sees the enter notification arrive live as the vehicle's next position falls inside, and
 * opens the vehicle's trips for today. Every step of the operator is clicks and typing; the API is used
 * on the side only to find a vehicle that is moving.
 */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@meridian/shared/messages';
import { TRACKING_TEXT } from '../../mfe-tracking/src/parts/tracking-text';
import { choose } from '../support/antd';
import { apiAs, signIn } from '../support/session';
import { movingVehicle } from '../support/tracking';

const OPERATOR = 'admin';
/** The demo tenant's days are Johannesburg's (its time zone setting); the browser lives there too. */
const TIME_ZONE = 'Africa/Johannesburg';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
/** Letters only: a fence name of this run. */
const RUN = Date.now()
  .toString(26)
  .slice(-5)
  .split('')
  .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
  .join('');

test.use({ timezoneId: TIME_ZONE, viewport: { width: 1440, height: 900 } });

/** The selected device's position as the panel beside the map writes it. */
const shownPosition = (page: Page) =>
  page.getByTestId('device-panel').locator('.ant-descriptions-item').filter({ hasText: TRACKING_TEXT.position }).first().innerText();

test('an operator sees a vehicle move on the live map, fences it, sees it enter live and opens its trips for today', async ({
  page,
  request,
}) => {
  test.setTimeout(5 * 60_000);
  const operator = await apiAs(request, OPERATOR);

  await signIn(page, OPERATOR, '/tracking/map');
  await expect(page.getByRole('heading', { level: 1, name: TRACKING_TEXT.liveMap })).toBeVisible();

  // The live map: a moving vehicle is in the list; selected, it is followed and its position changes as it reports.
  // A vehicle may reach the end of its route and park (minutes) just after it was picked: then another is picked.
  const tried: string[] = [];
  let vehicle: Awaited<ReturnType<typeof movingVehicle>> | null = null;
  while (!vehicle && tried.length < 3) {
    const candidate = await movingVehicle(operator, tried);
    tried.push(candidate.id);
    await page.getByRole('searchbox', { name: TRACKING_TEXT.searchDevices }).fill(candidate.name);
    const list = page.getByRole('list', { name: TRACKING_TEXT.deviceList });
    await list.getByRole('button', { name: new RegExp(candidate.name) }).click();
    const panel = page.getByTestId('device-panel');
    await expect(panel.getByRole('heading', { name: candidate.name })).toBeVisible();
    await expect(panel.getByText(TRACKING_TEXT.following)).toBeVisible();
    const firstSeen = await shownPosition(page);
    const moved = await expect
      .poll(() => shownPosition(page), { timeout: 40_000 })
      .not.toBe(firstSeen)
      .then(
        () => true,
        () => false,
      );
    if (moved) vehicle = candidate;
  }
  if (!vehicle) throw new Error('no vehicle moved on the map');
  const fenceName = `Around ${vehicle.name} ${RUN}`;

  // A geofence drawn around where the vehicle is now: a circle a few kilometres wide, so it is still inside at its next report.
  await page.goto('/tracking/geofences');
  await page.getByRole('button', { name: new RegExp(TRACKING_TEXT.newGeofence) }).click();
  const editor = page.getByRole('dialog');
  const map = editor.getByRole('application', { name: TRACKING_TEXT.geofenceMap });
  await expect(editor.getByRole('button', { name: new RegExp(TRACKING_TEXT.drawCircle) })).toBeEnabled();
  await choose(page, editor.getByRole('combobox', { name: TRACKING_TEXT.centreOnDevice }), vehicle.name, vehicle.name);
  for (let i = 0; i < 3; i++) await map.getByRole('button', { name: 'Zoom out' }).click();
  await editor.getByRole('button', { name: new RegExp(TRACKING_TEXT.drawCircle) }).click();
  const box = (await map.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.click(centre.x, centre.y);
  await page.mouse.move(centre.x + 120, centre.y, { steps: 5 });
  await page.mouse.click(centre.x + 160, centre.y);
  await expect(editor.getByTestId('drawn-shape')).toHaveText(TRACKING_TEXT.circle);
  await expect(editor.getByRole('spinbutton', { name: TRACKING_TEXT.radius })).not.toHaveValue('');
  await editor.getByRole('textbox', { name: MESSAGES.name }).fill(fenceName);
  await editor.getByRole('button', { name: TRACKING_TEXT.createGeofence }).click();
  await expect(page.getByText(TRACKING_TEXT.geofenceCreated)).toBeVisible();

  // Linked to the vehicle: its next position inside raises the enter notification, pushed live.
  await expect(editor.getByRole('heading', { name: TRACKING_TEXT.linkedDevices })).toBeVisible();
  await choose(page, editor.getByRole('combobox', { name: TRACKING_TEXT.deviceToLink }), vehicle.name, vehicle.name);
  await editor.getByRole('button', { name: new RegExp(`^\\S*\\s*${TRACKING_TEXT.linkDevice}$`) }).click();
  await expect(page.getByText(TRACKING_TEXT.deviceLinked)).toBeVisible();
  await expect(editor.getByRole('region', { name: TRACKING_TEXT.linkedDevices }).getByText(vehicle.name)).toBeVisible();
  const entered = page.getByTestId('tracking-notification').filter({ hasText: fenceName });
  await expect(entered, 'the enter notification did not arrive').toBeVisible({ timeout: 90_000 });
  await expect(entered).toContainText(vehicle.name);

  // The vehicle's trips for today, from the live map.
  await editor.getByRole('button', { name: 'Close' }).first().click();
  await page.goto(`/tracking/map?device=${vehicle.id}`);
  await page
    .getByTestId('device-panel')
    .getByRole('link', { name: `Trips of ${vehicle.name}` })
    .click();
  await expect(page.getByRole('heading', { name: TRACKING_TEXT.deviceTrips })).toBeVisible();
  const day = today();
  const asked = page.waitForRequest(
    (r) => r.url().includes('/api/geo/device/trip/details') && r.url().includes(`fromDate=${day}&toDate=${day}`),
  );
  const period = page.getByRole('textbox', { name: TRACKING_TEXT.period });
  await period.click();
  await period.fill(day);
  await page.keyboard.press('Enter');
  const periodEnd = page.locator('.ant-picker-range input').nth(1);
  await periodEnd.fill(day);
  await page.keyboard.press('Enter');
  await asked;
  await expect(page).toHaveURL(new RegExp(`device=${vehicle.id}.*from=${day}&to=${day}`));
  await expect(page.getByRole('table', { name: TRACKING_TEXT.trips })).toBeVisible();
  await expect(page.locator('.ant-alert-error')).toHaveCount(0);
});
