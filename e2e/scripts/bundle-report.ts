/**
 * Bundle report: the JavaScript a browser downloads to show the login page (measured in Chromium
 * against the built product): the bytes actually sent over the wire (the server's brotli or gzip
 * copy, as negotiated) beside a gzip level 9 of each file for comparison, and per remote what its start-up costs (remoteEntry and
 * the exposed module) and what all its code weighs. Target: under 250 KB gzipped for the login page.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '../..');
const PORT = 8191;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (buffer: Buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const TARGET_KB = 250;

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

/** A downloaded script: its size as run, as sent (encoded body) with the encoding used, and gzipped at level 9. */
type Script = { url: string; raw: number; sent: number; encoding: string; gzip: number };

/** The built file an address serves: /remotes/<name>/... from that remote's dist, anything else from the shell's. */
function builtFile(url: string) {
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(url);
  return remote ? path.join(root, `mfe-${remote[1]}`, 'dist', remote[2]!) : path.join(root, 'shell', 'dist', url.slice(1));
}

/**
 * The body's size on the wire: the server sends the build's own .br/.gz copy as it is. Read from
 * disk, since Chromium reports no transfer size for answers its cache or the service worker gave.
 */
function sentSize(url: string, encoding: string, raw: number) {
  const extension = { br: '.br', gzip: '.gz' }[encoding];
  if (!extension) return raw;
  const copy = `${builtFile(url)}${extension}`;
  return fs.existsSync(copy) ? fs.statSync(copy).size : raw;
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
  const page = await browser.newPage();
  let scripts: Script[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.body();
    const url = new URL(response.url()).pathname;
    const encoding = (await response.headerValue('content-encoding')) ?? 'none';
    scripts.push({ url, raw: body.length, sent: sentSize(url, encoding, body.length), encoding, gzip: gzipSize(body) });
  });
  await page.goto(`http://localhost:${PORT}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  const login = scripts;
  scripts = [];
  await page.getByLabel('Email').fill('global-administrator@demo.meridian.test');
  await page.getByLabel('Password').fill('Demo-Password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  await page.waitForLoadState('networkidle');
  const afterSignIn = scripts;
  await browser.close();
  return { login, afterSignIn };
}

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
  const size = (f: string) => gzipSize(fs.readFileSync(path.join(dist, f)));
  const sum = (list: string[]) => list.reduce((total, f) => total + size(f), 0);
  return {
    startup: sum(['remoteEntry.js', ...exposed].filter((f) => files.includes(f))),
    own: sum(files.filter((f) => !fallbacks.has(f))),
    fallbacks: sum(files.filter((f) => fallbacks.has(f))),
  };
}

const printScripts = (title: string, scripts: Script[]) => {
  console.log(`\n${title}`);
  console.table(
    [...scripts]
      .sort((a, b) => b.sent - a.sent)
      .map((s) => ({ file: s.url, raw: kb(s.raw), sent: kb(s.sent), encoding: s.encoding, gzipped: kb(s.gzip) })),
  );
};
const totalOf = (scripts: Script[]) => scripts.reduce((sum, s) => sum + s.gzip, 0);
const sentOf = (scripts: Script[]) => scripts.reduce((sum, s) => sum + s.sent, 0);

const stop = await startServer();
try {
  const { login, afterSignIn } = await downloadedScripts();
  printScripts('JavaScript downloaded to show /login (sent as the server encoded it; gzip level 9 for comparison):', login);
  printScripts('Further JavaScript downloaded to sign in and show the dashboard with every remote loaded:', afterSignIn);
  console.log('\nPer remote (gzipped):');
  console.table(
    ['sales', 'comms', 'reports', 'admin', 'tracking', 'vehicles'].map((name) => {
      const { startup, own, fallbacks } = remoteSizes(name);
      return {
        remote: name,
        'loaded with the menu': kb(startup),
        'own code, all routes': kb(own),
        'shared-library fallbacks (not downloaded)': kb(fallbacks),
      };
    }),
  );
  const total = totalOf(login);
  console.log(
    `\nSigned in, dashboard: ${kb(sentOf(afterSignIn))} sent more (${kb(totalOf(afterSignIn))} gzipped) in ${afterSignIn.length} files.`,
  );
  console.log(`Login page sent: ${kb(sentOf(login))} of JavaScript over the wire in ${login.length} files.`);
  console.log(
    `Login page total: ${kb(total)} gzipped in ${login.length} files (target under ${TARGET_KB} KB: ${total / 1024 < TARGET_KB ? 'met' : 'NOT met'})`,
  );
} finally {
  stop();
}
