import { expect, test } from '@playwright/test';
import { apiSession, signIn } from '../support/session';

test('switching tenant changes the tenant every request acts for and what the dashboard counts', async ({ page }) => {
  await signIn(page, 'company administrator');
  await expect(page).toHaveURL(/\/$/);
  const subTenants = page.getByTestId('sub-tenant-count');
  await expect(subTenants).toHaveText('5');
  const requestTenant = page.waitForRequest(
    (r) => r.url().includes('/api/tenants/count-sub-tenants') && r.headers()['x-tenant-id'] !== undefined,
  );
  await page.getByRole('combobox', { name: /tenant/i }).click();
  await page.getByRole('treeitem', { name: /Johannesburg Branch/ }).click();
  const request = await requestTenant;
  await expect(subTenants).toHaveText('2');
  const jhb = request.headers()['x-tenant-id'];
  expect(jhb).toBeTruthy();
  await page.reload();
  await expect(subTenants).toHaveText('2');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(subTenants).toHaveText('5');
});

test('an administrator impersonates a loan officer and ends it, returning to their own session', async ({ page, request }) => {
  const officer = await apiSession(request, 'loan officer');
  await signIn(page, 'global administrator');
  await expect(page).toHaveURL(/\/$/);
  await page.goto(`/impersonate/${officer.user.Id}/${officer.user.userName}`);
  await expect(page).toHaveURL(/\/agents\/landingpage$/);
  await page.getByRole('button', { name: /user menu/i }).click();
  await expect(page.getByText(/Impersonating/)).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'End impersonation' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: /user menu/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(page.getByText(/Impersonating/)).toHaveCount(0);
});
