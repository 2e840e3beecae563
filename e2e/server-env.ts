/**
 * The e2e server: its port, data directory and environment, read by the Playwright config (which starts
 * it) and by `scripts/prepare.ts` (which seeds its database while the product is built).
 */
import path from 'node:path';

export const PORT = Number(process.env.E2E_PORT ?? 8181);
// Per port, so two runs side by side (a fresh clone's CI and a developer's) never share a database.
export const DATA_DIR = path.resolve(import.meta.dirname, `.e2e-data-${PORT}`);
/** Left in the data directory by `prepare.ts`: the next server start uses the database once, as seeded. */
export const PREPARED_MARK = path.join(DATA_DIR, '.prepared');
/**
 * Where the e2e server sends mail: an SMTP server the scheduled reports' spec runs for the length of its
 * tests (while nothing listens, mail waits in the outbox and is retried, as with any SMTP server down).
 */
export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 5587);
export const API_DIR = path.resolve(import.meta.dirname, '../api');

export const SERVER_ENV: Record<string, string> = {
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR,
  DATABASE_URL: '',
  REDIS_URL: '',
  LOG_LEVEL: 'warn',
  SEED_VOLUME_USERS: '100000',
  SEED_VOLUME_ACTIVITIES: '100000',
  // The device servers away from a product started on this machine with the default ports (E2E_OSMAND_PORT
  // and E2E_TELTONIKA_PORT beside E2E_PORT for a second run on the machine); the
  // demo fleet reporting every 2 s, so the live map's test sees a vehicle move soon.
  OSMAND_PORT: process.env.E2E_OSMAND_PORT ?? '5255',
  TELTONIKA_PORT: process.env.E2E_TELTONIKA_PORT ?? '5227',
  SIMULATOR_INTERVAL_SECONDS: '2',
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
};
