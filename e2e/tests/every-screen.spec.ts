/**
 * Every screen, walked as the people who use it (issue 17): one list of screens (e2e/support/screens.ts,
 * made from the areas' data), opened by each walker for every screen their permissions show them.
 *
 * - At 1440 px in light mode, in the walker's own tenant: the page opens at the top with no frame and
 *   no sideways scroll, shows no failure, and has no serious or critical accessibility fault (axe).
 * - At 390 px in dark mode, in a second tenant the walker may act for: nothing scrolls sideways, the
 *   user menu is on screen (and opens, tried at the pass's first screen), text is readable (axe's contrast rule on the dark theme) and the
 *   screen works there too.
 *
 * Problems are collected over the whole walk and reported together, screen by screen.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { PermissionHolder } from '@meridian/shared/contract/access';
import { addressesFor, BUILT_SCREENS, everyScreen, maySee, screensOfAreas, screensWithoutSample, shareOut } from '../support/screens';
import type { User } from '@meridian/shared/contract/user';
import { apiAs, apiSession, signIn } from '../support/session';
import { accountOf, WALKERS } from '../support/walkers';

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SERIOUS = new Set(['serious', 'critical']);
const FAILURE_SHOWN = '.ant-alert-error, .ant-result-error, .ant-result-500, .ant-result-404, .ant-result-403';
const LOADING = '.ant-spin-spinning, .ant-skeleton-active';
const SETTLED = 'h1, h2, h3, h4, h5, .ant-result-title, .ant-empty, form';

test.describe.configure({ timeout: 20 * 60_000 });

/** What the walker holds, as the sign-in answers it (the menu and the guards read the same). */
async function holderOf(request: APIRequestContext, role: string): Promise<PermissionHolder> {
  const { user } = (await apiSession(request, role)) as unknown as { user: Pick<User, 'roles' | 'permissions' | 'rolepermissions'> };
  return { roles: user.roles, permissions: [...user.permissions, ...user.rolepermissions].map((p) => p.hierarchy) };
}

async function tenantIdOf(request: APIRequestContext, name: string): Promise<string> {
  const api = await apiAs(request, 'global administrator');
  const tree = await api.get<{ tenants: { Id: string; name: string }[] }>('/api/tenants/descendantsByUserId');
  const found = tree.tenants.find((t) => t.name === name);
  if (!found) throw new Error(`No tenant ${name}`);
  return found.Id;
}

/** Saves the tenant the walker works in on their account, as the tenant selector does; signing in then acts there. */
async function workIn(request: APIRequestContext, account: string, tenantId: string) {
  const api = await apiAs(request, account);
  await api.put(`/api/users/${api.user.Id}`, { selectedTenant: tenantId });
}

/**
 * Opens an address: the walk's first by loading the page, each next inside the running product, as a
 * user following a menu link does (the router reads the address on `popstate`). Reloading the whole
 * product for every screen cost the walk more than its checks did. The shell's content names the address
 * it was rendered for (`main[data-path]`), so the next screen is known to be shown even where it is the
 * same component as the one before (two addresses of one screen, two route overviews); an address the
 * product does not render in its layout is loaded as an address typed in.
 */
async function open(page: Page, address: string, first: boolean) {
  if (first) {
    await page.goto(address);
    return;
  }
  const before = await page.evaluate((to) => {
    const shownFor = document.querySelector<HTMLElement>('main[data-path]')?.dataset.path;
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
    return shownFor ?? null;
  }, address);
  // Shown once the content is rendered for this address, or for the one it sent the user on to.
  const shown = await page
    .waitForFunction(
      ({ to, from }) => {
        const path = document.querySelector<HTMLElement>('main[data-path]')?.dataset.path;
        return path === to || (path !== undefined && path !== from);
      },
      { to: address, from: before },
      { timeout: 5_000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (!shown) await page.goto(address);
}

/** Waits until the page shows the screen's content and nothing is loading; says so when it never does. */
async function settle(page: Page): Promise<string | null> {
  try {
    await page.locator(SETTLED).first().waitFor({ timeout: 15_000 });
    await expect(page.locator(LOADING)).toHaveCount(0, { timeout: 15_000 });
    return null;
  } catch {
    return 'never finished loading';
  }
}

async function layoutOf(page: Page) {
  return page.evaluate(() => ({
    bodyMargin: getComputedStyle(document.body).margin,
    scrollY: window.scrollY,
    sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    hasTopBar: document.querySelector('header') !== null,
  }));
}

/**
 * axe's serious and critical faults: of the whole page, or of the screen's own content (`main`) once the
 * frame around it (top bar, menu) has been checked at the walk's first screen.
 */
async function seriousFaults(page: Page, { rules, contentOnly }: { rules?: string[]; contentOnly: boolean }): Promise<string[]> {
  // axe.run in the page and its same-origin frames, rather than a partial run per frame finished in a blank
  // page opened and closed for every screen. Left out: frames of no origin, the template editor's sandboxed
  // preview of the user's own HTML, which is theirs to write.
  let builder = new AxeBuilder({ page }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (contentOnly && (await page.locator('main').count())) builder = builder.include('main');
  const results = await (rules ? builder.withRules(rules) : builder).analyze();
  return results.violations
    .filter((v) => SERIOUS.has(v.impact ?? ''))
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

async function failureShown(page: Page): Promise<string | null> {
  const failure = page.locator(FAILURE_SHOWN).first();
  return (await failure.count()) ? `shows a failure: ${(await failure.innerText()).slice(0, 160)}` : null;
}

/**
 * The user menu is on screen at 390 px; `open` also opens it. The top bar is the shell's, the same on every
 * screen, so opening its menu is proved once a pass; each screen after that must still leave it on screen.
 */
async function userMenuReachable(page: Page, open: boolean): Promise<string | null> {
  const button = page.getByRole('button', { name: /User menu/ });
  if (!(await button.isVisible())) return 'the user menu is not shown';
  const box = (await button.boundingBox())!;
  if (box.x < 0 || box.x + box.width > PHONE.width) return `the user menu lies off screen (x ${Math.round(box.x)})`;
  if (!open) return null;
  await button.click();
  // isVisible() does not wait: the menu's opening animation must be given its time.
  const reachable = await page
    .getByRole('menuitem', { name: /Log out|End impersonation/ })
    .first()
    .waitFor({ state: 'visible', timeout: 3_000 })
    .then(() => true)
    .catch(() => false);
  await page.keyboard.press('Escape');
  return reachable ? null : 'the user menu does not open';
}

type Pass = 'desktop-light' | 'phone-dark';

async function walk(page: Page, addresses: { address: string; missing?: string }[], pass: Pass, signedOut = false): Promise<string[]> {
  const problems: string[] = [];
  let first = true;
  for (const { address, missing } of addresses) {
    if (missing) {
      problems.push(`${address}: ${missing}`);
      continue;
    }
    // Signed out, each public page is loaded as a visitor arriving from outside does.
    await open(page, address, first || signedOut);
    const contentOnly = !first && !signedOut;
    const firstScreen = first;
    first = false;
    const found = [await settle(page)];
    const layout = await layoutOf(page);
    if (layout.sideways > 0) found.push(`scrolls sideways by ${layout.sideways} px`);
    if (pass === 'desktop-light') {
      if (layout.bodyMargin !== '0px') found.push(`has a ${layout.bodyMargin} frame`);
      if (layout.scrollY !== 0) found.push(`opens scrolled ${layout.scrollY} px down`);
      found.push(...(await seriousFaults(page, { contentOnly })));
    } else {
      found.push(...(await seriousFaults(page, { rules: ['color-contrast'], contentOnly })));
      if (layout.hasTopBar) found.push(await userMenuReachable(page, firstScreen || signedOut));
    }
    if (!signedOut) found.push(await failureShown(page));
    problems.push(...found.filter((p): p is string => !!p).map((p) => `${address}: ${p}`));
  }
  return problems;
}

test('every screen with parameters in its address has a sample record to be walked at', () => {
  expect(screensWithoutSample().map((s) => s.pattern)).toEqual([]);
});

test('the roles the screen list names for each built screen of a partly built area may open it', async ({ request }) => {
  const refused: string[] = [];
  for (const [pattern, roles] of Object.entries(BUILT_SCREENS)) {
    const screen = everyScreen().find((s) => s.pattern === pattern);
    if (!screen) refused.push(`${pattern}: no such screen`);
    for (const role of roles) if (screen && !maySee(await holderOf(request, role), screen)) refused.push(`${pattern}: ${role}`);
  }
  expect(refused).toEqual([]);
});

test('signed out, the public pages fit a phone and have no serious accessibility fault, in light and dark mode', async ({
  page,
  request,
}) => {
  const addresses = await addressesFor(request, null, null);
  await page.setViewportSize(DESKTOP);
  const light = await walk(page, addresses, 'desktop-light', true);
  await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
  await page.setViewportSize(PHONE);
  const dark = await walk(page, addresses, 'phone-dark', true);
  expect([...light, ...dark]).toEqual([]);
});

/**
 * By default each pass opens every screen once, in one role that may see it (`shareOut`), the desktop
 * pass sharing from the most powerful walker down and the phone pass from the least, so most screens
 * are seen as two roles in two tenants; the whole walk (every role, every screen it sees) takes about
 * 25 minutes and runs with WALK_EVERY_SCREEN=all.
 */
const WALK_ALL = process.env.WALK_EVERY_SCREEN === 'all';

async function shareOf(request: APIRequestContext, role: string, pass: Pass): Promise<ReadonlySet<string> | undefined> {
  if (WALK_ALL) {
    const areas = WALKERS.find((w) => w.role === role)?.areas;
    return areas ? screensOfAreas(areas) : undefined;
  }
  const ordered = pass === 'desktop-light' ? WALKERS : [...WALKERS].reverse();
  const walkers = await Promise.all(ordered.map(async (w) => ({ role: w.role, holder: await holderOf(request, w.role), areas: w.areas })));
  return shareOut(walkers).get(role);
}

for (const walker of WALKERS) {
  test(`${walker.role}: at 1440 px in light mode every screen they may open starts at the top, edge to edge, works and has no serious accessibility fault`, async ({
    page,
    request,
  }) => {
    const share = await shareOf(request, walker.role, 'desktop-light');
    const addresses = await addressesFor(request, walker.role, await holderOf(request, walker.role), undefined, share);
    await page.setViewportSize(DESKTOP);
    await signIn(page, accountOf(walker));
    await expect(page.getByRole('button', { name: /User menu/ })).toBeVisible();
    expect(await walk(page, addresses, 'desktop-light')).toEqual([]);
  });

  test(`${walker.role}: at 390 px in dark mode${walker.secondTenant ? ` in ${walker.secondTenant}` : ''} every screen fits, keeps the user menu reachable and reads clearly`, async ({
    page,
    request,
  }) => {
    const own = await apiAs(request, accountOf(walker));
    const tenantId = walker.secondTenant ? await tenantIdOf(request, walker.secondTenant) : own.user.tenantId;
    const share = await shareOf(request, walker.role, 'phone-dark');
    const addresses = await addressesFor(request, walker.role, await holderOf(request, walker.role), tenantId, share);
    await workIn(request, accountOf(walker), tenantId);
    try {
      await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
      await page.setViewportSize(PHONE);
      await signIn(page, accountOf(walker));
      await expect(page.getByRole('button', { name: /User menu/ })).toBeVisible();
      expect(await walk(page, addresses, 'phone-dark')).toEqual([]);
    } finally {
      await workIn(request, accountOf(walker), own.user.tenantId);
    }
  });
}
