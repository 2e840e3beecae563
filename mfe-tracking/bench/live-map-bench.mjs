/**
 * Live map benchmark (issue 18): the tracking remote's device layer in Debian's Chromium with 10,000
 * devices each moving once a second. Prints frames per second while the devices move (and while the
 * map is panned), and the JS heap after the run. Run: `node bench/live-map-bench.mjs [seconds] [devices]`
 * from mfe-tracking (the default run is 60 s; the figure is taken over 300 s).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const require = createRequire(path.resolve(import.meta.dirname, '../../e2e/package.json'));
const { chromium } = require('@playwright/test');
// esbuild comes with tsx, the e2e package's TypeScript runner: no bundler of the benchmark's own.
const { build } = createRequire(require.resolve('tsx'))('esbuild');

const seconds = Number(process.argv[2] ?? 60);
const devices = Number(process.argv[3] ?? 10_000);
const zoom = Number(process.argv[4] ?? 11);
const out = mkdtempSync(path.join(tmpdir(), 'live-map-bench-'));
await build({
  entryPoints: [path.join(import.meta.dirname, 'live-map-bench-page.ts')],
  bundle: true,
  outfile: path.join(out, 'page.js'),
  loader: { '.png': 'dataurl', '.svg': 'dataurl' },
  logLevel: 'error',
});
writeFileSync(
  path.join(out, 'index.html'),
  '<!doctype html><html><head><link rel="stylesheet" href="page.css"><style>html,body,#map{margin:0;width:1280px;height:800px}</style></head>' +
    '<body><div id="map"></div><script src="page.js"></script></body></html>',
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--enable-precise-memory-info',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  await page.goto(`file://${out}/index.html?devices=${devices}&zoom=${zoom}`);
  await page.waitForFunction(() => 'bench' in window);
  await page.evaluate(() => window.bench.start());
  const framesAt = () => page.evaluate(() => window.bench.frames());
  await page.waitForTimeout(2_000);

  const movingFrom = await framesAt();
  const movingMs = Math.max(5, seconds - 10) * 1000;
  await page.waitForTimeout(movingMs);
  const movingFps = ((await framesAt()) - movingFrom) / (movingMs / 1000);

  const panFrom = await framesAt();
  const panStart = Date.now();
  for (let i = 0; i < 50; i++) {
    await page.evaluate((step) => window.bench.pan(step % 2 ? 40 : -40, 20), i);
    await page.waitForTimeout(100);
  }
  const panFps = ((await framesAt()) - panFrom) / ((Date.now() - panStart) / 1000);
  const heap = await page.evaluate(() => performance.memory?.usedJSHeapSize ?? 0);
  const drawn = await page.evaluate(() => window.bench.drawn());
  console.log(`live map, ${devices} devices each moving once a second, ${seconds} s in Chromium (1280×800, zoom ${zoom}):`);
  console.log(`  frames per second while moving: ${movingFps.toFixed(1)}`);
  console.log(`  frames per second while panning: ${panFps.toFixed(1)}`);
  console.log(`  items drawn (dots and clusters): ${drawn}`);
  console.log(`  JS heap at the end: ${(heap / 1024 / 1024).toFixed(1)} MB`);
} finally {
  await browser.close();
}
