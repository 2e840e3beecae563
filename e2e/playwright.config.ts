/**
 * End-to-end tests in Debian's Chromium against the built product served by the real API on its
 * own port, with a fresh embedded database seeded with the demo data, 100,000 synthetic users and
 * 100,000 synthetic activities (so every list is tried at volume) for every run.
 */
import { defineConfig } from '@playwright/test';
import path from 'node:path';

const PORT = Number(process.env.E2E_PORT ?? 8181);
// Per port, so two runs side by side (a fresh clone's CI and a developer's) never share a database.
const dataDir = path.resolve(import.meta.dirname, `.e2e-data-${PORT}`);

export default defineConfig({
  testDir: './tests',
  outputDir: `test-results-${PORT}`,
  // A committed test.only would run alone and leave every other spec out: CI refuses it.
  forbidOnly: !!process.env.CI,
  fullyParallel: false,
  workers: 1,
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
    command: `rm -rf "${dataDir}" && node --import tsx src/main.ts`,
    cwd: path.resolve(import.meta.dirname, '../api'),
    url: `http://localhost:${PORT}/api/health`,
    // Seeding 100,000 users and 100,000 activities (with their kept list items) on PGlite takes 60-90 s
    // on a quiet machine, and several times that while other work shares its two cores.
    timeout: 600_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      SEED_VOLUME_USERS: '100000',
      SEED_VOLUME_ACTIVITIES: '100000',
      // The device servers away from a product started on this machine with the default ports; the
      // demo fleet reporting every 2 s, so the live map's test sees a vehicle move soon.
      OSMAND_PORT: '5255',
      TELTONIKA_PORT: '5227',
      SIMULATOR_INTERVAL_SECONDS: '2',
    },
  },
});
