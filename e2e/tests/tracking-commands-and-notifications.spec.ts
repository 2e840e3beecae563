/**
 * A tracking operator sends a command and reads the fleet's notifications, in the browser against the
 * real server, its device listeners and the demo simulator (whose Teltonika trackers answer codec 12
 * commands as an FMB does): the command goes to the connected tracker at once and shows answered; on the
 * notifications page the operator marks everything read and the unread view is then empty.
 */
import { expect, test } from '@playwright/test';
import { TRACKING_TEXT } from '../../mfe-tracking/src/parts/tracking-text';
import { choose } from '../support/antd';
import { signIn } from '../support/session';

const OPERATOR = 'admin';
/** A demo vehicle with a Teltonika FMB920, which the simulator keeps connected (api/src/seed/demo-tracking.ts). */
const TRUCK = 'ND 123-456 Toyota Hilux';

test.use({ timezoneId: 'Africa/Johannesburg', viewport: { width: 1440, height: 900 } });

test('an operator sends a command to a connected tracker and sees it answered', async ({ page }) => {
  test.setTimeout(3 * 60_000);
  await signIn(page, OPERATOR, '/tracking/commands');
  await expect(page.getByRole('heading', { name: TRACKING_TEXT.commands })).toBeVisible();

  await page.getByRole('button', { name: new RegExp(TRACKING_TEXT.sendCommand) }).click();
  const drawer = page.getByRole('dialog');
  await choose(page, drawer.getByRole('combobox', { name: TRACKING_TEXT.device }), TRUCK, TRUCK);
  await drawer.getByRole('textbox', { name: TRACKING_TEXT.commandData }).fill('getinfo');
  await drawer.getByRole('button', { name: TRACKING_TEXT.send }).click();
  await expect(page.getByText(TRACKING_TEXT.commandQueued)).toBeVisible();

  // The newest row is the command just sent; it is followed until the tracker answers.
  const sent = page.getByRole('table', { name: TRACKING_TEXT.sentCommands });
  const row = sent.locator('tbody tr').filter({ hasText: TRUCK }).filter({ hasText: 'getinfo' }).first();
  await expect(row).toBeVisible();
  await expect(row, 'the tracker did not answer the command').toContainText(TRACKING_TEXT.answered, { timeout: 60_000 });
  await expect(row).toContainText('OK');
});

test('an operator marks every tracking notification read, and the unread view is empty', async ({ page }) => {
  await signIn(page, OPERATOR, '/tracking/notifications');
  const table = page.getByRole('table', { name: TRACKING_TEXT.notifications });
  await expect(table).toBeVisible();
  await page.getByRole('switch').click();
  await expect(page).toHaveURL(/unread=true/);
  // Marked, the unread view is read again at once: what arrives later is announced above the table, not put in it.
  await page.getByRole('button', { name: TRACKING_TEXT.markAllRead }).click();
  await expect(page.getByText(TRACKING_TEXT.allMarkedRead)).toBeVisible();
  await expect(table.getByText(TRACKING_TEXT.noNotifications)).toBeVisible();
});
