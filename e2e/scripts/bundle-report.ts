/**
 * Bundle report: the gzipped JavaScript a browser downloads to show the login page (measured in
 * Chromium against the built product), and per remote what its start-up costs (remoteEntry and
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
    cwd: path.join(root, 'api'), stdio: 'ignore',
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'error' },
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 250));
  }
  return () => { child.kill('SIGTERM'); fs.rmSync(dataDir, { recursive: true, force: true }); };
}

async function loginPageScripts() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const page = await browser.newPage();
  const scripts: { url: string; raw: number; gzip: number }[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.body();
    scripts.push({ url: new URL(response.url()).pathname, raw: body.length, gzip: gzipSize(body) });
  });
  await page.goto(`http://localhost:${PORT}/login`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  await page.waitForLoadState('networkidle');
  await browser.close();
  return scripts;
}

function remoteSizes(name: string) {
  const dist = path.join(root, `mfe-${name}`, 'dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
  const exposed = new Set<string>((manifest.exposes ?? []).flatMap((e: { assets: { js: { sync: string[] } } }) => e.assets.js.sync));
  const files = fs.readdirSync(dist).filter((f) => f.endsWith('.js'));
  const size = (f: string) => gzipSize(fs.readFileSync(path.join(dist, f)));
  const startup = ['remoteEntry.js', ...exposed].filter((f) => files.includes(f)).reduce((sum, f) => sum + size(f), 0);
  return { startup, total: files.reduce((sum, f) => sum + size(f), 0) };
}

const stop = await startServer();
try {
  const scripts = await loginPageScripts();
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  console.log('\nJavaScript downloaded to show /login (gzip level 9):');
  console.table(scripts.sort((a, b) => b.gzip - a.gzip).map((s) => ({ file: s.url, raw: kb(s.raw), gzipped: kb(s.gzip) })));
  console.log(`Login page total: ${kb(total)} gzipped in ${scripts.length} files (target under ${TARGET_KB} KB: ${total / 1024 < TARGET_KB ? 'met' : 'NOT met'})`);
  console.log('\nPer remote (gzipped):');
  console.table(['sales', 'comms', 'reports', 'admin', 'tracking', 'vehicles'].map((name) => {
    const { startup, total: all } = remoteSizes(name);
    return { remote: name, 'loaded at start': kb(startup), 'all code': kb(all) };
  }));
} finally {
  stop();
}
