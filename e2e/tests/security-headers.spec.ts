/**
 * The browser's defences as Chromium receives them from the built product: the hardening headers on
 * the sign-in page, on a remote's page and its files, and on an API answer; CORS for no foreign
 * origin; and the Content-Security-Policy strict enough to matter yet never in the way: signing in
 * and opening a page of every remote reports no violation.
 */
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '@meridian/shared/messages';
import { apiSession, signIn } from '../support/session';

/** A page of each built remote, as the global administrator (who sees every area) opens it. */
const REMOTE_PAGES = {
  sales: '/clients/list',
  comms: '/comms/sms',
  reports: '/reports/standard',
  admin: '/admin/users/list',
  tracking: '/tracking/map',
  vehicles: '/vehicles',
} as const;

function expectHardened(headers: Record<string, string>, frameAncestors: "'none'" | "'self'", what: string) {
  const csp = headers['content-security-policy'] ?? '';
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self';");
  expect(csp, what).toContain("object-src 'none'");
  expect(csp, what).toContain(`frame-ancestors ${frameAncestors}`);
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['x-frame-options'], what).toBe(frameAncestors === "'none'" ? 'DENY' : 'SAMEORIGIN');
  expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(headers['strict-transport-security'], what).toContain('max-age=31536000');
  expect(csp, what).toContain("base-uri 'none'");
  expect(headers['permissions-policy'], what).toContain('geolocation=(self)');
  expect(headers['permissions-policy'], what).toContain('camera=()');
}

/**
 * Every Content-Security-Policy violation the page meets: the page's own securitypolicyviolation
 * events (passed to the console, since the listener runs before any of the product's scripts) and
 * Chromium's console errors naming the policy.
 */
function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `securitypolicyviolation: ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/securitypolicyviolation|Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  return violations;
}

/** Opens a page as the menu would, without reloading the product: the router follows the history. */
async function openInApp(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

test('the sign-in page is served hardened: strict policy, no framing, no sniffing', async ({ page }) => {
  const response = await page.goto('/login');
  expect(response?.status()).toBe(200);
  expectHardened(response!.headers(), "'none'", 'the sign-in page');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test("a remote's page and the remote's own files are served hardened", async ({ page }) => {
  await signIn(page, 'global administrator');
  await expect(page).toHaveURL(/\/$/);
  const remoteEntry = page.waitForResponse((response) => response.url().endsWith('/remotes/admin/remoteEntry.js'));
  const response = await page.goto(REMOTE_PAGES.admin);
  expectHardened(response!.headers(), "'none'", 'the users page of the admin remote');
  expectHardened((await remoteEntry).headers(), "'none'", "the admin remote's entry");
  await expect(page).toHaveURL(/\/admin\/users\/list$/);
  await expect(page.getByRole('columnheader', { name: MESSAGES.emailAddress })).toBeVisible();
});

test('an API answer is hardened, kept out of caches, and no CORS grant goes to a foreign origin', async ({ request }) => {
  const session = await apiSession(request, 'branch manager');
  const answer = await request.get('/api/config/client', {
    headers: { authorization: `Bearer ${session.token}`, origin: 'https://evil.example' },
  });
  expect(answer.status()).toBe(200);
  expectHardened(answer.headers(), "'self'", 'GET /api/config/client');
  expect(answer.headers()['cache-control']).toBe('no-store');
  expect(answer.headers()['access-control-allow-origin']).toBeUndefined();
  expect(answer.headers()['access-control-allow-credentials']).toBeUndefined();
});

test('signing in and opening a page of every remote reports no Content-Security-Policy violation', async ({ page }) => {
  const violations = watchViolations(page);
  const remotesLoaded = new Set<string>();
  page.on('response', (response) => {
    const entry = /\/remotes\/([a-z]+)\/remoteEntry\.js$/.exec(response.url());
    if (entry && response.ok()) remotesLoaded.add(entry[1]!);
  });
  await signIn(page, 'global administrator');
  await expect(page).toHaveURL(/\/$/);
  for (const [remote, url] of Object.entries(REMOTE_PAGES)) {
    await openInApp(page, url);
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    // Some pages (the live map) have the plain layout, without the menu: every layout has a main landmark.
    await expect(page.getByRole('main'), `${remote}: ${url}`).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page, `${remote}: not sent elsewhere`).toHaveURL(new RegExp(`${url}$`));
    await expect(page.getByText(/unavailable right now/), `${remote} loaded`).toHaveCount(0);
  }
  expect([...remotesLoaded].sort()).toEqual(Object.keys(REMOTE_PAGES).sort());
  expect(violations).toEqual([]);
});
