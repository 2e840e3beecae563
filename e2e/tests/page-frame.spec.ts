/**
 * Pages open at the top, edge to edge (issue 17, item 2): no frame around the page from the browser's
 * default body margin, no sideways scroll at 1440 px, and the page's heading below the top bar.
 */
import { expect, test, type Page } from '@playwright/test';
import { templates, tenants } from '@meridian/shared/contract/areas/admin';
import { activities } from '@meridian/shared/contract/areas/sales';
import { signIn } from '../support/session';

const SCREENS = [
  { path: templates.screens.list, heading: 'Templates' },
  { path: tenants.screens.list, heading: 'Tenants' },
  { path: activities.screens.list, heading: 'Activities' },
];

async function frameOf(page: Page) {
  return page.evaluate(() => {
    const body = getComputedStyle(document.body);
    const header = document.querySelector('header');
    return {
      bodyMargin: body.margin,
      scrollY: window.scrollY,
      sidewaysOverflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      topBarBottom: header ? header.getBoundingClientRect().bottom : 0,
    };
  });
}

test('each page opens at the top, edge to edge, with its heading below the top bar, even after another page was left scrolled down', async ({
  page,
}) => {
  // Short enough that every page scrolls, so a position carried from one page to the next would show.
  await page.setViewportSize({ width: 1440, height: 480 });
  await signIn(page, 'global administrator');
  await expect(page).toHaveURL(/\/$/);
  for (const screen of SCREENS) {
    await page.goto(screen.path);
    const heading = page.getByRole('heading', { name: screen.heading, exact: true }).first();
    await expect(heading).toBeVisible();
    const frame = await frameOf(page);
    expect(frame.bodyMargin, `${screen.path}: no frame around the page`).toBe('0px');
    expect(frame.scrollY, `${screen.path}: opens at the top`).toBe(0);
    expect(frame.sidewaysOverflow, `${screen.path}: no sideways scroll`).toBeLessThanOrEqual(0);
    const box = (await heading.boundingBox())!;
    expect(box.y, `${screen.path}: the heading is not under the top bar`).toBeGreaterThanOrEqual(frame.topBarBottom);
    // Leave this page scrolled down: the next page must not open where this one was left.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  }
});
