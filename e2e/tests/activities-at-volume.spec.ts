/**
 * The e2e server holds 100,000 synthetic activities spread over 60 days either side of today
 * (SEED_VOLUME_ACTIVITIES in playwright.config.ts). Over a window that takes them all, the
 * activities list scrolls from the top to the middle and to the very end: each row drawn is the
 * server's row at that place, only the pages under the view are asked for, and the page never holds
 * more than a few hundred rows, however far the user scrolls.
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { signIn } from '../support/session';

const VOLUME_ACTIVITIES = 100_000;
/** The scrolling list's rows per server call and row height (shared/src/ui/scrolling-table.tsx). */
const PAGE_SIZE = 100;
const ROW_HEIGHT = 44;

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

interface ActivityPage {
  page: number;
  size: number;
  names: string[];
  total: number;
}

/** Every answer of the activities list call the page makes, in order. */
function watchActivityPages(page: Page) {
  const answers: ActivityPage[] = [];
  page.on('response', async (response: Response) => {
    const url = new URL(response.url());
    if (url.pathname !== '/api/activities' || response.request().method() !== 'GET') return;
    const body = await response.json().catch(() => null);
    if (!body?.data) return;
    answers.push({
      page: Number(url.searchParams.get('page')),
      size: Number(url.searchParams.get('size')),
      names: body.data.map((activity: { name: string }) => activity.name),
      total: body.meta.paging.total,
    });
  });
  return answers;
}

const activitiesTable = (page: Page) => page.getByRole('table', { name: 'Activities' });
const scroller = (page: Page) => page.getByTestId('scrolling-body');

/** The loaded rows drawn, as [index in the result, activity name]. */
async function drawnRows(page: Page): Promise<[number, string][]> {
  return scroller(page)
    .locator('[role="row"]:not([aria-busy])')
    .evaluateAll((rows) =>
      rows.map(
        (row) =>
          [Number(row.getAttribute('aria-rowindex')) - 2, (row.firstElementChild as HTMLElement).innerText.trim()] as [number, string],
      ),
    );
}

async function scrollToRow(page: Page, index: number) {
  await scroller(page).evaluate((element, top) => {
    element.scrollTop = top;
  }, index * ROW_HEIGHT);
}

/** Waits until row `index` is drawn with data, then checks every drawn row against what the server sent for its place. */
async function expectRowsAsServed(page: Page, answers: ActivityPage[], index: number) {
  await expect.poll(async () => (await drawnRows(page)).some(([at]) => at === index), { timeout: 20_000 }).toBe(true);
  const rows = await drawnRows(page);
  expect(rows.length).toBeGreaterThan(5);
  for (const [at, name] of rows) {
    const served = [...answers].reverse().find((answer) => answer.page === Math.floor(at / PAGE_SIZE) + 1);
    expect(served, `the page holding row ${at} was asked for`).toBeDefined();
    expect(name, `row ${at}`).toBe(served!.names[at % PAGE_SIZE]);
  }
}

test('the activities list scrolls through 100,000 activities, asking the server only for the pages in view', async ({ page }) => {
  const answers = watchActivityPages(page);
  await signIn(page, 'global administrator');
  await expect(page).toHaveURL(/\/$/);

  await page.goto(`/sales/activities?from=${day(-61)}&to=${day(61)}`);
  await expect.poll(() => answers.some((answer) => answer.page === 1)).toBe(true);
  const total = answers.find((answer) => answer.page === 1)!.total;
  expect(total).toBeGreaterThanOrEqual(VOLUME_ACTIVITIES);
  await expect(page.getByText(`${total.toLocaleString('en-US')} rows`)).toBeVisible();
  await expect(activitiesTable(page)).toHaveAttribute('aria-rowcount', String(total + 1));
  await expectRowsAsServed(page, answers, 0);

  const middle = Math.floor(total / 2);
  await scrollToRow(page, middle);
  await expectRowsAsServed(page, answers, middle);

  await scrollToRow(page, total);
  await expectRowsAsServed(page, answers, total - 1);

  // A dozen more places down the list: more pages than the list keeps (KEPT_PAGES).
  for (let stop = 1; stop <= 12; stop++) {
    const index = Math.floor((stop * total) / 13);
    await scrollToRow(page, index);
    await expectRowsAsServed(page, answers, index);
  }

  // Back at the top: the first page was forgotten on the way and is asked for again.
  await scrollToRow(page, 0);
  await expectRowsAsServed(page, answers, 0);

  expect(
    answers.every((answer) => answer.size === PAGE_SIZE),
    'one page per call, never the whole result',
  ).toBe(true);
  const pagesAsked = new Set(answers.map((answer) => answer.page));
  expect(pagesAsked.size, 'only the pages under the places visited').toBeLessThan(40);
  expect(answers.filter((answer) => answer.page === 1).length, 'page 1 again after it was forgotten').toBeGreaterThanOrEqual(2);
  // Only the rows in view (and a few either side) are in the document.
  expect(await scroller(page).locator('[role="row"]').count()).toBeLessThan(60);
});
