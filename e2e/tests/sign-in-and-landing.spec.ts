import { expect, test } from '@playwright/test';
import { mainMenu, signIn } from '../support/session';

test('a loan officer lands on My Work and sees only field menus', async ({ page }) => {
  await signIn(page, 'loan officer');
  await expect(page).toHaveURL(/\/agents\/landingpage$/);
  const menu = mainMenu(page);
  await expect(menu.getByText('Sales', { exact: true })).toBeVisible();
  await expect(menu.getByText('Clients', { exact: true }).first()).toBeVisible();
  await expect(menu.getByText('Administration')).toHaveCount(0);
  await expect(menu.getByText('Reports')).toHaveCount(0);
  // Loan officers cannot switch tenant: the selector is plain text.
  await expect(page.getByText('Soweto Team')).toBeVisible();
  await expect(page.getByRole('combobox', { name: /tenant/i })).toHaveCount(0);
});

test('a branch manager lands on the dashboard with sales, reports and user administration', async ({ page }) => {
  await signIn(page, 'branch manager');
  await expect(page).toHaveURL(/\/$/);
  const menu = mainMenu(page);
  await expect(menu.getByText('Sales', { exact: true })).toBeVisible();
  await expect(menu.getByText('Reports', { exact: true })).toBeVisible();
  await menu.getByText('Administration').click();
  await expect(menu.getByText('Users', { exact: true })).toBeVisible();
  await expect(menu.getByText('Roles')).toHaveCount(0);
  await expect(menu.getByText('Tenants')).toHaveCount(0);
});

test('a global administrator lands on the dashboard and sees every area', async ({ page }) => {
  await signIn(page, 'global administrator');
  await expect(page).toHaveURL(/\/$/);
  const menu = mainMenu(page);
  for (const area of ['Dashboard', 'Clients', 'Communications', 'Sales', 'Reports', 'Tracking', 'Vehicles', 'Administration']) {
    await expect(menu.getByText(area, { exact: true }).first()).toBeVisible();
  }
  await menu.getByText('Administration').click();
  await menu.getByText('Roles', { exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/roles\/list$/);
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
});

test('signing in sends the user back to the page they asked for', async ({ page }) => {
  await signIn(page, 'branch manager', '/sales/leads');
  await expect(page).toHaveURL(/\/sales\/leads$/);
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
});

test('a wrong password is refused with a clear message and the e-mail stays typed', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('loan-officer@demo.meridian.test');
  await page.getByLabel('Password').fill('Not-The-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('The e-mail address or password is not correct.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue('loan-officer@demo.meridian.test');
  await expect(page).toHaveURL(/\/login/);
});

test('the sign-in page loads neither antd nor any remote; both arrive once signed in', async ({ page }) => {
  const remoteRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/remotes/')) remoteRequests.push(request.url());
  });
  const loadedLibraries = () =>
    page.evaluate(() => {
      const share = (
        window as unknown as {
          __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean }>>>> };
        }
      ).__FEDERATION__.__SHARE__;
      return Object.values(share).flatMap((scope) =>
        Object.entries(scope.default ?? {})
          .filter(([, versions]) => Object.values(versions).some((v) => v.loaded))
          .map(([name]) => name),
      );
    });
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Drawn before the shell starts: no federation runtime, so no shared library (antd included) is loaded.
  expect(await page.evaluate(() => '__FEDERATION__' in window)).toBe(false);
  expect(remoteRequests).toEqual([]);

  await page.getByLabel('Email').fill('global-administrator@demo.meridian.test');
  await page.getByLabel('Password').fill('Demo-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(mainMenu(page).getByText('Administration', { exact: true })).toBeVisible();
  expect(await loadedLibraries()).toContain('antd');
  expect(remoteRequests.length).toBeGreaterThan(0);
});
