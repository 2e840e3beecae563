import { expect, test } from '@playwright/test';
import { MESSAGES } from '@meridian/shared/messages';
import { signIn } from '../support/session';

test('a signed-out visitor is sent to sign in with the page they wanted', async ({ page }) => {
  await page.goto('/sales/leads?status=new');
  await expect(page).toHaveURL(/\/login\?redirectFrom=%2Fsales%2Fleads%3Fstatus%3Dnew$/);
});

test('a user without the permission is sent to not-authorized, which names the page', async ({ page }) => {
  await signIn(page, 'loan officer');
  await expect(page).toHaveURL(/\/agents\/landingpage$/);
  await page.goto('/admin/users/list');
  await expect(page).toHaveURL(/\/not-authorized\?redirectFrom=%2Fadmin%2Fusers%2Flist$/);
  await expect(page.getByText('/admin/users/list')).toBeVisible();
});

test('a session that cannot be renewed (its refresh cookie revoked) is forgotten and the user signs in again', async ({
  page,
  context,
}) => {
  await signIn(page, 'branch manager');
  await expect(page).toHaveURL(/\/$/);
  // A renewal still under way would answer a fresh cookie over the dead one set below: let it end first.
  await page.waitForLoadState('networkidle');
  // Signed out in another browser window of the same session: the cookie this page holds is dead.
  const cookie = (await context.cookies()).find((c) => c.name === 'meridian_refresh')!;
  await context.addCookies([{ ...cookie, value: 'revoked-0000000000000000000000000000' }]);
  await page.goto('/sales/leads');
  await expect(page).toHaveURL(/\/login\?redirectFrom=%2Fsales%2Fleads$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('a reloaded page (no access token in memory) is renewed through the refresh cookie without leaving the page', async ({ page }) => {
  await signIn(page, 'branch manager');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/sales/leads');
  // The address is set before the guard runs; the page showing means the guard let it through.
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  await expect(page).toHaveURL(/\/sales\/leads$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user')!).token)).toBeUndefined();
});

test('offline, a page that needs the network shows the offline page; an offline-capable one opens', async ({ page, context }) => {
  await signIn(page, 'loan officer');
  await expect(page).toHaveURL(/\/agents\/landingpage$/);
  // Going offline while My Work's own code is still downloading would (rightly) show the area as unavailable.
  await expect(page.getByRole('heading', { name: 'My Work' })).toBeVisible();
  await context.setOffline(true);
  // My Work lies in the Sales group, which is open already.
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByText('Activities').click();
  // A click while the Activities group is still unfolding can miss its link, as a person's can: click again.
  await expect(async () => {
    await menu.getByRole('link', { name: 'Calendar' }).click({ timeout: 2_000 });
    await expect(page).toHaveURL(/\/offline/, { timeout: 2_000 });
  }).toPass();
  await expect(page.getByText('This page needs an internet connection.')).toBeVisible();
  // Back to My Work, which works offline.
  await page.goBack();
  await expect(page).toHaveURL(/\/agents\/landingpage$/);
  await expect(page.getByRole('heading', { name: 'My Work' })).toBeVisible();
  await context.setOffline(false);
});

test('an unknown address shows not-found without signing in', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page.getByText(MESSAGES.pageNotFound)).toBeVisible();
});
