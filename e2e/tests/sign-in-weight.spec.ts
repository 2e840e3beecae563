/**
 * The sign-in page is what every visitor downloads first, often over a field agent's mobile
 * connection: its JavaScript stays under the budget as sent (brotli), and it loads neither the
 * federation runtime nor the router nor any area (the shell starts after sign-in).
 */
import { expect, test } from '@playwright/test';
import { recordScripts, sentBytes, SIGN_IN_BUDGET_BYTES } from '../support/sent-scripts';

test('the sign-in page needs under 150 KB of compressed JavaScript, without the federation runtime or any area', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const loaded = scripts.take();

  expect(
    loaded.every((script) => script.encoding === 'br'),
    'every script is sent as brotli',
  ).toBe(true);
  const kilobytes = (sentBytes(loaded) / 1024).toFixed(1);
  expect(sentBytes(loaded), `sent ${kilobytes} KB: ${loaded.map((s) => s.url).join(', ')}`).toBeLessThan(SIGN_IN_BUDGET_BYTES);
  expect(loaded.map((script) => script.url)).not.toContain('/shell.js');
  expect(loaded.filter((script) => script.url.startsWith('/remotes/'))).toEqual([]);
  expect(await page.evaluate(() => '__FEDERATION__' in window)).toBe(false);
});
