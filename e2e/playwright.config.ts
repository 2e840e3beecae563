/**
 * End-to-end tests in Debian's Chromium against the built product served by the real API on its
 * own port, with a fresh embedded database seeded with the demo data, 100,000 synthetic users and
 * 100,000 synthetic activities (so every list is tried at volume) for every run.
 */
import { defineConfig } from '@playwright/test';
import { API_DIR, DATA_DIR, PORT, PREPARED_MARK, SERVER_ENV } from './server-env';

export default defineConfig({
  testDir: './tests',
  outputDir: `test-results-${PORT}`,
  // A committed test.only would run alone and leave every other spec out: CI refuses it.
  forbidOnly: !!process.env.CI,
  fullyParallel: false,
  // The walk of every screen (about half the run) on one worker, the journeys one after another on the
  // other. The walk signs in as its own copies of the demo users (support/walkers.ts), so the journeys'
  // tenant switches and the walk's never meet; the journeys share the demo users, so they take turns.
  // Both wait for the copies: Playwright runs projects in rounds by their dependencies, and journeys
  // that did not wait would take the first round and run before the walk, not beside it (and could
  // count users while the copies are made).
  workers: 2,
  projects: [
    { name: 'walk accounts', testMatch: /walk-accounts\.setup\.ts$/ },
    { name: 'walk', testMatch: /every-screen\.spec\.ts$/, dependencies: ['walk accounts'], workers: 1 },
    { name: 'journeys', testIgnore: /every-screen\.spec\.ts$/, dependencies: ['walk accounts'], workers: 1 },
  ],
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    // The product's service worker (which keeps the built product for offline use) would serve page
    // requests itself, out of reach of page.route; only the offline spec lets it run.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    // A database seeded by scripts/prepare.ts (`pnpm test` runs it while it builds) is used once, as
    // seeded; without one the server seeds a fresh one at start.
    command: `if [ -f "${PREPARED_MARK}" ]; then rm "${PREPARED_MARK}"; else rm -rf "${DATA_DIR}"; fi && node --import tsx src/main.ts`,
    cwd: API_DIR,
    url: `http://localhost:${PORT}/api/health`,
    // Seeding 100,000 users and 100,000 activities (with their kept list items) on PGlite takes 60-90 s
    // on a quiet machine, and several times that while other work shares its two cores.
    timeout: 600_000,
    reuseExistingServer: false,
    env: SERVER_ENV,
  },
});
