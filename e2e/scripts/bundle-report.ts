/**
 * Bundle report: the JavaScript a browser downloads to show the sign-in page (measured in Chromium
 * against the built product): the bytes actually sent over the wire (the server's brotli or gzip
 * copy, as negotiated) beside a gzip level 9 of each file for comparison; what signing in adds; what
 * the service worker fetches in the background for offline use; and per remote what its start-up
 * costs (remoteEntry and the exposed module) and what all its code weighs, as built, brotli and gzip.
 * Fails (exit code 1) when the sign-in page sends more than its budget (SIGN_IN_BUDGET_BYTES, brotli).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { builtFile, gzipSize, recordScripts, sentBytes, SIGN_IN_BUDGET_BYTES, type SentScript } from '../support/sent-scripts';

const root = path.resolve(import.meta.dirname, '../..');
const PORT = 8191;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-bundle-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(root, 'api'),
    stdio: 'ignore',
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'error' },
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return () => {
    child.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

/** The scripts Chromium downloads to show /login, and then the further ones to reach the dashboard signed in. */
async function downloadedScripts() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const context = await browser.newContext();
  // What the service worker fetches for offline use, in the background once the page has loaded.
  const keptForOffline = new Set<string>();
  context.on('request', (request) => {
    const url = new URL(request.url()).pathname;
    if (request.serviceWorker() && url.endsWith('.js')) keptForOffline.add(url);
  });
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto(`http://localhost:${PORT}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  const login = scripts.take();
  await page.getByLabel('Email').fill('global-administrator@demo.meridian.test');
  await page.getByLabel('Password').fill('Demo-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  await page.waitForLoadState('networkidle');
  const afterSignIn = scripts.take();
  await browser.close();
  return { login, afterSignIn, keptForOffline: [...keptForOffline] };
}

/** Sent size of a built file as brotli (what Chromium accepts from this server). */
const brotliSize = (file: string) => (fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : fs.statSync(file).size);

type Assets = { assets: { js: { sync: string[]; async: string[] } } };

/**
 * Per remote: what loading it costs (remoteEntry and the exposed module), its own code, and the
 * fallback copies of the shared libraries it carries in case no other container provides them
 * (never downloaded while the shell provides them).
 */
function remoteSizes(name: string) {
  const dist = path.join(root, `mfe-${name}`, 'dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  const exposed = new Set<string>((manifest.exposes ?? []).flatMap((e: Assets) => e.assets.js.sync));
  const fallbacks = new Set<string>((manifest.shared ?? []).flatMap((s: Assets) => [...s.assets.js.sync, ...s.assets.js.async]));
  const files = fs.readdirSync(dist).filter((f) => f.endsWith('.js'));
  const sum = (list: string[], size: (file: string) => number) => list.reduce((total, f) => total + size(path.join(dist, f)), 0);
  const gzipped = (file: string) => gzipSize(fs.readFileSync(file));
  const raw = (file: string) => fs.statSync(file).size;
  const own = files.filter((f) => !fallbacks.has(f));
  const ownLargest = [...own].sort((a, b) => raw(path.join(dist, b)) - raw(path.join(dist, a)))[0];
  return {
    startup: sum(
      ['remoteEntry.js', ...exposed].filter((f) => files.includes(f)),
      gzipped,
    ),
    own: { raw: sum(own, raw), brotli: sum(own, brotliSize), gzip: sum(own, gzipped), files: own.length },
    largest: ownLargest ? { file: ownLargest, brotli: brotliSize(path.join(dist, ownLargest)) } : null,
    fallbacks: sum(
      files.filter((f) => fallbacks.has(f)),
      gzipped,
    ),
  };
}

const printScripts = (title: string, scripts: SentScript[]) => {
  console.log(`\n${title}`);
  console.table(
    [...scripts]
      .sort((a, b) => b.sent - a.sent)
      .map((s) => ({ file: s.url, raw: kb(s.raw), sent: kb(s.sent), encoding: s.encoding, gzipped: kb(s.gzip) })),
  );
};
const totalOf = (scripts: SentScript[]) => scripts.reduce((sum, s) => sum + s.gzip, 0);

const stop = await startServer();
try {
  const { login, afterSignIn, keptForOffline } = await downloadedScripts();
  printScripts('JavaScript downloaded to show /login (sent as the server encoded it; gzip level 9 for comparison):', login);
  printScripts('Further JavaScript downloaded to sign in and show the dashboard with every remote loaded:', afterSignIn);
  console.log("\nPer remote (own code: every file but the fallback copies of shared libraries; each area loads only its routes' chunks):");
  console.table(
    ['sales', 'comms', 'reports', 'admin', 'tracking', 'vehicles'].map((name) => {
      const { startup, own, largest, fallbacks } = remoteSizes(name);
      return {
        remote: name,
        'loaded with the menu (gzip)': kb(startup),
        'own code, all routes: built': kb(own.raw),
        brotli: kb(own.brotli),
        gzip: kb(own.gzip),
        files: own.files,
        'largest file (brotli)': largest ? `${largest.file} ${kb(largest.brotli)}` : '-',
        'shared-library fallbacks (not downloaded, gzip)': kb(fallbacks),
      };
    }),
  );
  const offlineBytes = keptForOffline.reduce((sum, url) => sum + brotliSize(builtFile(url)), 0);
  const loginSent = sentBytes(login);
  console.log(
    `\nSigned in, dashboard: ${kb(sentBytes(afterSignIn))} sent more (${kb(totalOf(afterSignIn))} gzipped) in ${afterSignIn.length} files.`,
  );
  console.log(
    `In the background after the sign-in page has loaded, the service worker keeps the product for offline use: ${keptForOffline.length} scripts, ${kb(offlineBytes)} brotli.`,
  );
  console.log(`Sign-in page: ${kb(totalOf(login))} gzipped in ${login.length} files.`);
  const met = loginSent < SIGN_IN_BUDGET_BYTES;
  console.log(
    `Sign-in page sent: ${kb(loginSent)} of JavaScript over the wire in ${login.length} files (budget ${kb(SIGN_IN_BUDGET_BYTES)}: ${met ? 'met' : 'NOT met'}).`,
  );
  if (!met) process.exitCode = 1;
} finally {
  stop();
}
