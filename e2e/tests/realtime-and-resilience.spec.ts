import { expect, test } from '@playwright/test';
import { apiSession, mainMenu, signIn } from '../support/session';
import { tenants } from '@meridian/shared/contract/areas/admin';

test('a notification inserted through the API appears live in the bell', async ({ page, request }) => {
  await signIn(page, 'loan officer');
  await expect(page).toHaveURL(/\/agents\/landingpage$/);
  const officer = await apiSession(request, 'loan officer');
  const manager = await apiSession(request, 'branch manager');
  const bell = page.getByRole('button', { name: 'Notifications' });
  await expect(bell).toBeVisible();
  // The count is the bell's description ("3 unread"), drawn as a badge beside it.
  const description = page.locator(`[id="${await bell.getAttribute('aria-describedby')}"]`);
  const unread = async () => Number((await description.textContent())?.match(/\d+/)?.[0] ?? 0);
  const before = await unread();
  const response = await request.post('/api/notification/insertnotification', {
    headers: { authorization: `Bearer ${manager.token}`, 'x-tenant-id': manager.user.tenantId },
    data: {
      notification: {
        userId: officer.user.Id,
        itemType: 'activityAssignment',
        header: 'New activity',
        message: 'Visit the Mokoena household',
      },
    },
  });
  expect(response.status()).toBe(201);
  await expect(page.getByText('Visit the Mokoena household').first()).toBeVisible();
  await expect.poll(unread).toBe(before + 1);
});

test('a remote that cannot be reached leaves the rest working and offers a retry', async ({ page }) => {
  await page.route('**/remotes/admin/**', (route) => route.abort());
  await signIn(page, 'global administrator');
  await expect(page).toHaveURL(/\/$/);
  const menu = mainMenu(page);
  await expect(menu.getByText('Administration unavailable')).toBeVisible();
  await menu.getByText('Sales', { exact: true }).click();
  await menu.getByText('Leads').click();
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  await page.unroute('**/remotes/admin/**');
  await menu.getByRole('button', { name: 'Retry Administration' }).click();
  await expect(menu.getByText('Administration', { exact: true })).toBeVisible();
  await expect(menu.getByText('Administration unavailable')).toHaveCount(0);
});

test('an address of an area that cannot be reached opens in the normal layout, names the area as unavailable and retries', async ({
  page,
}) => {
  await signIn(page, 'global administrator');
  await expect(page).toHaveURL(/\/$/);
  await page.route('**/remotes/admin/**', (route) => route.abort());
  // A bookmark into the area: the page is loaded afresh, as from an e-mail's link.
  await page.goto(tenants.screens.list);
  await expect(page.getByRole('heading', { name: 'Administration is unavailable right now' })).toBeVisible();
  await expect(mainMenu(page).getByText('Dashboard')).toBeVisible();
  await expect(page.getByRole('button', { name: /User menu/ })).toBeVisible();
  // Still down: the retry says so and the rest keeps working.
  await page.getByRole('main').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('It is still unavailable.', { exact: false })).toBeVisible();
  await page.unroute('**/remotes/admin/**');
  await page.getByRole('main').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Tenants', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/tenants\/list$/);
});

test('React and the other shared libraries are downloaded once, whatever remotes load', async ({ page }) => {
  const remoteScripts: string[] = [];
  page.on('response', async (response) => {
    const url = response.url();
    if (url.includes('/remotes/') && url.endsWith('.js')) remoteScripts.push(await response.text());
  });
  await signIn(page, 'global administrator');
  await expect(page).toHaveURL(/\/$/);
  await mainMenu(page).getByText('Sales', { exact: true }).click();
  await mainMenu(page).getByText('Leads').click();
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  expect(remoteScripts.length).toBeGreaterThan(6);
  // React's production code carries links to its error decoder; no remote may ship its own copy.
  expect(remoteScripts.filter((source) => source.includes('react.dev/errors')).length).toBe(0);
  const loadedCopies = await page.evaluate(() => {
    const share = (
      window as unknown as {
        __FEDERATION__: { __SHARE__: Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; from: string }>>>> };
      }
    ).__FEDERATION__.__SHARE__;
    const copies: Record<string, string[]> = {};
    for (const scope of Object.values(share)) {
      for (const [name, versions] of Object.entries(scope.default ?? {})) {
        for (const [version, info] of Object.entries(versions)) if (info.loaded) (copies[name] ??= []).push(`${version}@${info.from}`);
      }
    }
    return copies;
  });
  for (const library of ['react', 'react-dom', 'react-router', 'antd'])
    expect(loadedCopies[library]?.length, `${library}: ${loadedCopies[library]}`).toBe(1);
});
