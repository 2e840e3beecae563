/**
 * Where the session lives in the browser (security finding 11): no token in localStorage, the refresh
 * token in an HttpOnly cookie scoped to the refresh path, the access token in memory only, so a reload
 * renews it through the cookie; two tabs renewing at once both stay signed in; an impersonation and its
 * end survive reloads without the browser ever holding the administrator's tokens.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { apiSession, mainMenu, signIn } from '../support/session';

/** Everything the page's origin keeps in localStorage, as one text to search. */
const everythingStored = (page: Page) =>
  page.evaluate(() =>
    Array.from({ length: localStorage.length }, (_, i) => `${localStorage.key(i)}=${localStorage.getItem(localStorage.key(i)!)}`).join(
      '\n',
    ),
  );

const refreshCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'meridian_refresh');

/** The access token the sign-in answered, read off the wire (the page keeps it in memory only). */
const accessTokenOf = async (page: Page, action: () => Promise<unknown>) => {
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.request().method() === 'POST');
  await action();
  const body = (await (await answer).json()) as { data: { token: string; refreshToken?: string } };
  expect(body.data.refreshToken, 'a browser sign-in carries no refresh token in its body').toBeUndefined();
  return body.data.token;
};

test('after sign-in no token is in localStorage; the refresh token is an HttpOnly, SameSite=Strict cookie on the refresh path; a reload renews the session', async ({
  page,
  context,
}) => {
  const token = await accessTokenOf(page, () => signIn(page, 'branch manager'));
  await expect(page).toHaveURL(/\/$/);

  const stored = await everythingStored(page);
  expect(stored).toContain('branch-manager');
  expect(stored).not.toContain(token);
  expect(stored).not.toMatch(/"(token|refreshToken)"/);
  const cookie = await refreshCookie(context);
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth/refresh' });
  expect(stored).not.toContain(cookie!.value);
  expect(await page.evaluate(() => document.cookie)).not.toContain('meridian_refresh');

  const renewal = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh') && r.request().method() === 'POST');
  await page.goto('/sales/leads');
  expect((await renewal).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Leads' })).toBeVisible();
  expect(await everythingStored(page)).not.toMatch(/"(token|refreshToken)"/);
});

test('two tabs of one browser reloaded at once both renew through the one cookie and stay signed in', async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, 'branch manager');
  await expect(first).toHaveURL(/\/$/);
  const second = await context.newPage();
  await second.goto('/sales/leads');
  await expect(second.getByRole('heading', { name: 'Leads' })).toBeVisible();

  const renewals: number[] = [];
  context.on('response', (r) => {
    if (r.url().endsWith('/api/auth/refresh')) renewals.push(r.status());
  });
  // Neither tab has an access token after a reload: both ask the server at the same moment.
  await Promise.all([first.goto('/sales/leads'), second.reload()]);
  await expect(first.getByRole('heading', { name: 'Leads' })).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Leads' })).toBeVisible();
  expect(renewals.length).toBeGreaterThan(0);
  expect(renewals.every((status) => status === 200)).toBe(true);

  // The session was not taken for stolen: both tabs go on after yet another reload.
  await Promise.all([first.reload(), second.reload()]);
  await expect(first.getByRole('heading', { name: 'Leads' })).toBeVisible();
  await expect(second.getByRole('heading', { name: 'Leads' })).toBeVisible();
  await expect(mainMenu(first)).toBeVisible();
});

test('without its refresh cookie a reloaded page cannot renew, and the user signs in again', async ({ page, context }) => {
  await signIn(page, 'branch manager');
  await expect(page).toHaveURL(/\/$/);
  // A renewal still under way would set its fresh cookie after the clearing below: let it end first.
  await page.waitForLoadState('networkidle');
  await context.clearCookies();
  await page.goto('/sales/leads');
  await expect(page).toHaveURL(/\/login\?redirectFrom=%2Fsales%2Fleads$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test("an impersonation and its end survive reloads, and the browser never holds the administrator's tokens", async ({
  page,
  context,
  request,
}) => {
  const officer = await apiSession(request, 'loan officer');
  const adminToken = await accessTokenOf(page, () => signIn(page, 'global administrator'));
  await expect(page).toHaveURL(/\/$/);
  const adminCookie = (await refreshCookie(context))!.value;

  await page.goto(`/impersonate/${officer.user.Id}/${officer.user.userName}`);
  await expect(page).toHaveURL(/\/agents\/landingpage$/);
  const stored = await everythingStored(page);
  expect(stored).not.toContain(adminToken);
  expect(stored).not.toContain(adminCookie);
  expect((await refreshCookie(context))!.value).not.toBe(adminCookie);

  // The cookie now renews the impersonation.
  await page.reload();
  await expect(page).toHaveURL(/\/agents\/landingpage$/);
  await page.getByRole('button', { name: /user menu/i }).click();
  await expect(page.getByText(/Impersonating/)).toBeVisible();
  await page.getByRole('menuitem', { name: 'End impersonation' }).click();
  await expect(page).toHaveURL(/\/$/);

  // And after the end, the administrator's own session, which the server kept.
  await page.reload();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: /user menu/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  await expect(page.getByText(/Impersonating/)).toHaveCount(0);
  expect(await everythingStored(page)).not.toMatch(/"(token|refreshToken)"/);
});
