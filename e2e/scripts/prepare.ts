/**
 * Before the browser tests: builds the product and seeds the e2e server's database side by side. Each
 * keeps about one of CI's two cores busy (webpack, and PGlite seeding 100,000 users and 100,000
 * activities), so together they take the longer one's time rather than the sum. The server Playwright
 * starts then opens the seeded database in seconds; a run without this step seeds at start, as before.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { API_DIR, DATA_DIR, PREPARED_MARK, SERVER_ENV } from '../server-env';

function run(label: string, command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const started = Date.now();
  return new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('close', (code) => {
      console.log(`${label}: ${code === 0 ? 'done' : `failed (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s`);
      if (code === 0) resolve();
      else reject(new Error(`${label} failed`));
    });
  });
}

fs.rmSync(DATA_DIR, { recursive: true, force: true });
await Promise.all([
  run('web build', 'pnpm', ['-w', 'run', 'build:web']),
  run('e2e database', process.execPath, ['--import', 'tsx', 'scripts/prepare-data.ts'], {
    cwd: API_DIR,
    env: { ...process.env, ...SERVER_ENV },
  }),
]);
fs.writeFileSync(PREPARED_MARK, new Date().toISOString());
