/**
 * The e2e server holds 100,000 synthetic users beside the demo data (SEED_VOLUME_USERS in
 * playwright.config.ts). The users list must page, sort and search them on the server: each step
 * asks for one page, and the browser never holds more than that page.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';
import { signIn } from '../support/session';

const VOLUME_USERS = 100_000;
/** The demo tenants keep the default rows per page, which every list pages at. */
const PAGE_SIZE = SETTING_DEFAULTS.defaultPageSize;

interface UserPage {
  url: URL;
  rows: { userName: string }[];
  total: number;
}

/** Every answer of the users list call the page makes, in order. */
function watchUserPages(page: Page) {
  const answers: UserPage[] = [];
  page.on('response', async (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/users' || response.request().method() !== 'GET') return;
    const body = await response.json().catch(() => null);
    if (body?.data) answers.push({ url, rows: body.data, total: body.meta.paging.total });
  });
  return answers;
}

const usersTable = (page: Page) => page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'User name' }) });

/** The user names the table shows, top to bottom. */
async function shownUserNames(page: Page) {
  const table = usersTable(page);
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const column = headers.findIndex((text) => text.trim() === 'User name');
  const rows = table.locator('tbody tr.ant-table-row');
  return rows.evaluateAll((trs, index) => trs.map((tr) => (tr.children[index] as HTMLElement).innerText.trim()), column);
}

async function nextAnswer(page: Page, answers: UserPage[], act: () => Promise<unknown>, expected: (url: URL) => boolean) {
  const before = answers.length;
  await act();
  await expect.poll(() => answers.slice(before).some((answer) => expected(answer.url))).toBe(true);
  const answer = answers
    .slice(before)
    .reverse()
    .find((a) => expected(a.url))!;
  // The table shows exactly the page the server sent, in the server's order.
  await expect.poll(() => shownUserNames(page)).toEqual(answer.rows.map((row) => row.userName));
  return answer;
}

test('a list of 100,000 users pages, sorts and searches on the server, one page at a time', async ({ page }) => {
  const answers = watchUserPages(page);
  await signIn(page, 'global administrator');
  await expect(page).toHaveURL(/\/$/);

  const first = await nextAnswer(
    page,
    answers,
    () => page.goto('/admin/users/list'),
    (url) => url.searchParams.get('page') === '1',
  );
  expect(first.total).toBeGreaterThanOrEqual(VOLUME_USERS);
  expect(first.rows).toHaveLength(PAGE_SIZE);
  expect(first.url.searchParams.get('size')).toBe(String(PAGE_SIZE));
  await expect(page.getByText(`1–${PAGE_SIZE} of ${first.total.toLocaleString('en-US')}`)).toBeVisible();

  // Paging: the last page is one request away, not a download of everything before it.
  const lastPage = Math.ceil(first.total / PAGE_SIZE);
  const last = await nextAnswer(
    page,
    answers,
    () => page.getByTitle(String(lastPage), { exact: true }).click(),
    (url) => url.searchParams.get('page') === String(lastPage),
  );
  expect(last.rows.length).toBe(first.total - (lastPage - 1) * PAGE_SIZE);
  await expect(page).toHaveURL(new RegExp(`page=${lastPage}`));

  // Sorting by user name starts again from page 1 and is done by the server; descending reverses it.
  const header = usersTable(page).getByRole('columnheader', { name: 'User name' });
  const ascending = await nextAnswer(
    page,
    answers,
    () => header.click(),
    (url) => url.searchParams.get('sortField') === 'userName' && url.searchParams.get('sortOrder') === 'ASC',
  );
  expect(ascending.url.searchParams.get('page')).toBe('1');
  const descending = await nextAnswer(
    page,
    answers,
    () => header.click(),
    (url) => url.searchParams.get('sortField') === 'userName' && url.searchParams.get('sortOrder') === 'DESC',
  );
  expect(descending.rows[0]!.userName).not.toBe(ascending.rows[0]!.userName);
  expect(ascending.total).toBe(first.total);

  // Searching narrows 100,000 to the one user it names.
  const search = page.getByLabel('Search name, user name, e-mail or mobile');
  const found = await nextAnswer(
    page,
    answers,
    () => search.fill('bench-99999'),
    (url) => url.searchParams.get('search') === 'bench-99999',
  );
  expect(found.total).toBe(1);
  expect(found.rows.map((row) => row.userName)).toEqual(['bench-99999']);
  await expect(page.getByText('1–1 of 1')).toBeVisible();

  // No answer ever carried more than one page.
  expect(Math.max(...answers.map((answer) => answer.rows.length))).toBeLessThanOrEqual(PAGE_SIZE);
});
