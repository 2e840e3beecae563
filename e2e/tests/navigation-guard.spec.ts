import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

const expiredJwt = () => {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'x', sid: 'y', exp: Math.floor(Date.now() / 1000) - 60 })}.signature`;
};

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

test('an expired token that cannot be refreshed is removed and the user signs in again', async ({ page }) => {
  await signIn(page, 'branch manager');
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate((token) => {
    const user = JSON.parse(localStorage.getItem('user')!);
    localStorage.setItem('user', JSON.stringify({ ...user, token, refreshToken: null }));
  }, expiredJwt());
  await page.goto('/sales/leads');
  await expect(page).toHaveURL(/\/login\?redirectFrom=%2Fsales%2Fleads$/);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.token ?? null)).toBeNull();
});

test('an expired access token with a good refresh token is renewed without leaving the page', async ({ page }) => {
  await signIn(page, 'branch manager');
  await expect(page).toHaveURL(/\/$/);
  await page.evaluate((token) => {
    const user = JSON.parse(localStorage.getItem('user')!);
    localStorage.setItem('user', JSON.stringify({ ...user, token }));
  }, expiredJwt());
  await page.goto('/sales/leads');
  await expect(page).toHaveURL(/\/sales\/leads$/);
});

test('offline, a page that needs the network shows the offline page; an offline-capable one opens', async ({ page, context }) => {
  await signIn(page, 'loan officer');
  await expect(page).toHaveURL(/\/agents\/landingpage$/);
  await context.setOffline(true);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Sales', { exact: true }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Activities').click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('Calendar').click();
  await expect(page).toHaveURL(/\/offline/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByText('My Work').click();
  await expect(page).toHaveURL(/\/agents\/landingpage$/);
  await context.setOffline(false);
});

test('an unknown address shows not-found without signing in', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/no\/such\/page$/);
  await expect(page.getByText(/not found/i).first()).toBeVisible();
});
