import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

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
  // The dashboard works there: the tenant is named, and the counts are of it (never "User was not found").
  await expect(page.getByTestId('acting-tenant-name')).toHaveText('Johannesburg Branch');
  const counts = page.locator('.ant-card').filter({ hasText: 'Activities and agents' });
  await expect(counts.locator('.ant-statistic').first()).toBeVisible();
  await expect(counts.locator('.ant-alert-error')).toHaveCount(0);
  const jhb = request.headers()['x-tenant-id'];
  expect(jhb).toBeTruthy();
  await page.reload();
  await expect(subTenants).toHaveText('2');
  await page.getByRole('button', { name: 'Reset' }).click();
  await expect(subTenants).toHaveText('5');
});

test('an administrator impersonates a loan officer from the users list and ends it, returning to their own session', async ({ page }) => {
  await signIn(page, 'global administrator');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/admin/users/list?search=loan-officer');
  await page.getByRole('link', { name: 'Sign in as Lerato Dlamini' }).click();
  await expect(page).toHaveURL(/\/agents\/landingpage$/);
  // Every page says whose account is in use while it lasts.
  await expect(page.getByTestId('impersonation-banner')).toContainText('You are working as Lerato Dlamini');
  await page.getByRole('button', { name: /user menu/i }).click();
  await expect(page.getByText(/Impersonating/)).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toHaveCount(0);
  // A click while the user menu is still opening can miss its item, as a person's can: open it and click again.
  const endImpersonation = page.getByRole('menuitem', { name: 'End impersonation' });
  await expect(async () => {
    if (new URL(page.url()).pathname !== '/') {
      if (!(await endImpersonation.isVisible())) await page.getByRole('button', { name: /user menu/i }).click();
      await endImpersonation.click({ timeout: 2_000 });
    }
    await expect(page).toHaveURL(/\/$/, { timeout: 3_000 });
  }).toPass();
  await page.getByRole('button', { name: /user menu/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(page.getByText(/Impersonating/)).toHaveCount(0);
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
});
