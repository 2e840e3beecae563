/**
 * A tracking operator's work with the fleet beyond watching it (issue 19), in the browser against the
 * real server, its device listeners and the demo simulator: an asset opened from the live map with
 * every tab of its panel walked, a crash of the demo fleet approved, a share link made and opened by
 * someone signed out; and a rule that e-mails on a geofence exit, made in the screens and seen to fire
 * from the simulated fleet's positions. The API is used on the side only to find a moving vehicle and
 * to draw a zone around it.
 */
import { expect, test } from '@playwright/test';
import type { Geofence } from '@meridian/shared/contract/geofence';
import { ASSET_TEXT, assetOfDeviceLabel } from '../../mfe-tracking/src/assets/asset-text';
import { firingsOfLabel, TRACKING_TEXT } from '../../mfe-tracking/src/parts/tracking-text';
import { choose } from '../support/antd';
import { apiAs, signIn } from '../support/session';
import { movingVehicle } from '../support/tracking';

const OPERATOR = 'admin';
/** The demo Hilux, an asset with two crashes of the demo fleet waiting: one is its own (api/src/seed/demo-crashes.ts). */
const HILUX = { device: 'ND 123-456 Toyota Hilux', asset: 'ND 123-456 Toyota Hilux' };
const TABS = [
  ASSET_TEXT.tabDetails,
  ASSET_TEXT.tabAlerts,
  ASSET_TEXT.tabEvents,
  ASSET_TEXT.tabTrips,
  ASSET_TEXT.tabInfo,
  ASSET_TEXT.tabCrash,
  ASSET_TEXT.tabEdit,
  ASSET_TEXT.tabShare,
];

test.use({ timezoneId: 'Africa/Johannesburg', viewport: { width: 1440, height: 900 } });

test("an operator opens an asset's panel on the map, walks its tabs, approves its crash and shares it with someone signed out", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(3 * 60_000);
  const operator = await apiAs(request, OPERATOR);
  const hilux = (await operator.get<{ id: string; name: string }[]>(`/api/geo/device/map/${operator.user.Id}`)).find(
    (d) => d.name === HILUX.device,
  )!;

  await signIn(page, OPERATOR, `/tracking/map?device=${hilux.id}`);
  await page
    .getByTestId('device-panel')
    .getByRole('button', { name: assetOfDeviceLabel(HILUX.device) })
    .click();
  // The asset's panel, over the map.
  const panel = page.getByRole('dialog');
  await expect(panel.getByText(HILUX.asset).first()).toBeVisible();
  for (const name of TABS) {
    await panel.getByRole('tab', { name }).click();
    await expect(panel.getByRole('tabpanel')).toBeVisible();
    await expect(panel.locator('.ant-alert-error'), `the ${name} tab failed`).toHaveCount(0);
  }

  // The crash waiting for review: approved with a comment.
  await panel.getByRole('tab', { name: ASSET_TEXT.tabCrash }).click();
  await panel.getByRole('tabpanel').getByRole('table').getByRole('button', { name: ASSET_TEXT.approve }).first().click();
  const review = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: ASSET_TEXT.reviewComment }) });
  await review.getByRole('textbox', { name: ASSET_TEXT.reviewComment }).fill('Driver reported a minor knock in the car park.');
  await review.getByRole('button', { name: ASSET_TEXT.approve }).click();
  await expect(page.getByText(ASSET_TEXT.crashApprovedDone)).toBeVisible();

  // The asset's own page, from the panel.
  await panel.getByRole('link', { name: new RegExp(ASSET_TEXT.openAssetPage) }).click();
  await expect(page.getByRole('heading', { name: HILUX.asset })).toBeVisible();

  // A share link, made and opened by someone who is not signed in. On the asset's page, not in the map's
  // panel, which may still be leaving (its Share tab, walked above, holds a button of the same name).
  const assetPage = page.getByRole('main');
  const shareTab = assetPage.getByRole('tab', { name: ASSET_TEXT.tabShare });
  await shareTab.click();
  await expect(shareTab).toHaveAttribute('aria-selected', 'true');
  await assetPage.getByRole('button', { name: ASSET_TEXT.createShareLink }).click();
  await expect(assetPage.getByText(ASSET_TEXT.shareLinkMade)).toBeVisible();
  const link = await assetPage.getByRole('textbox', { name: ASSET_TEXT.shareLinkAddress }).inputValue();
  const visitor = await browser.newContext({ timezoneId: 'Africa/Johannesburg' });
  try {
    const shared = await visitor.newPage();
    await shared.goto(new URL(link).pathname);
    await expect(shared.getByRole('heading', { name: HILUX.asset })).toBeVisible();
    // The shared page's words (shell/src/pages/shared-asset-page.tsx SHARED_ASSET_TEXT.positionTaken).
    await expect(shared.getByText('Position taken')).toBeVisible();
    await expect(shared).toHaveURL(/\/share\//);
  } finally {
    await visitor.close();
  }
});

test('an operator makes a rule that e-mails when a vehicle leaves a zone, and sees it fire from the simulated fleet', async ({
  page,
  request,
}) => {
  test.setTimeout(6 * 60_000);
  const operator = await apiAs(request, OPERATOR);
  // The zone is made first, linked to no vehicle, so nothing can enter or leave it before the rule exists.
  const zoneName = `Zone ${Date.now().toString(36)}`;
  const zoneAt = (at: { longitude: number | null; latitude: number | null }) => ({
    name: zoneName,
    geometry: { type: 'Point', coordinates: [at.longitude, at.latitude] },
    radius: 150,
  });
  const zone = await operator.post<Geofence>('/api/geo/fences', zoneAt({ longitude: 28.0473, latitude: -26.2041 }));

  const ruleName = `Left ${zoneName}`;
  await signIn(page, OPERATOR, '/tracking/event-actions');
  await page.getByRole('button', { name: new RegExp(TRACKING_TEXT.newEventAction) }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('textbox', { name: TRACKING_TEXT.ruleName }).fill(ruleName);
  await choose(page, drawer.getByRole('combobox', { name: TRACKING_TEXT.eventType }), 'Geofence exit');
  await choose(page, drawer.getByRole('combobox', { name: TRACKING_TEXT.geofence }), zoneName, zoneName);
  const addresses = drawer.getByRole('combobox', { name: TRACKING_TEXT.emailAddresses });
  await addresses.fill('dispatch@example.com');
  await addresses.press('Enter');
  await drawer.getByRole('button', { name: TRACKING_TEXT.createEventAction }).click();
  await expect(page.getByText(TRACKING_TEXT.eventActionCreated)).toBeVisible();

  /** The first row of the rule's firing log, as the screen shows it. */
  const latestFiring = async () => {
    await page.getByRole('button', { name: firingsOfLabel(ruleName) }).click();
    const firings = page.getByRole('dialog').getByRole('table');
    await expect(firings).toBeVisible();
    const row = firings.locator('tbody tr.ant-table-row').first();
    const text = (await row.count()) ? await row.innerText() : '';
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).first().click();
    return text;
  };

  // The zone moved round a vehicle moving now and linked to it: inside at its next report, out within
  // seconds. A vehicle that reaches the end of its route and parks inside never leaves: another is tried.
  const tried: string[] = [];
  let fired = '';
  while (!fired && tried.length < 3) {
    const vehicle = await movingVehicle(operator, tried);
    tried.push(vehicle.id);
    await operator.put(`/api/geo/fences/${zone.id}`, zoneAt(vehicle));
    await operator.post('/api/geo/permissions', { deviceId: vehicle.id, geofenceId: zone.id });
    fired = await expect
      .poll(latestFiring, { timeout: 90_000, intervals: [5_000] })
      .toContain(vehicle.name)
      .then(
        () => vehicle.name,
        () => '',
      );
  }
  expect(fired, 'the rule did not fire for any of three moving vehicles').not.toBe('');
});
