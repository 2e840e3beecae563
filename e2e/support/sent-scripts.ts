/**
 * The JavaScript a page downloads, as sent over the wire: the server sends the build's own .br/.gz
 * copy of a file (scripts/compress-web.mjs), so its size is read from that copy on disk. Chromium
 * reports no transfer size for answers its cache or the service worker gave.
 * Used by the bundle report (scripts/bundle-report.ts) and the sign-in weight budget (tests/sign-in-weight.spec.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The most compressed JavaScript the sign-in page may need before it can be used (issue 17 item 12). */
export const SIGN_IN_BUDGET_BYTES = 150 * 1024;

/** A downloaded script: its size as run, as sent (encoded body) with the encoding used, and gzipped at level 9. */
export type SentScript = { url: string; raw: number; sent: number; encoding: string; gzip: number };

/** The built file an address serves: /remotes/<name>/... from that remote's dist, anything else from the shell's. */
export function builtFile(url: string) {
  const remote = /^\/remotes\/([^/]+)\/(.+)$/.exec(url);
  return remote ? path.join(ROOT, `mfe-${remote[1]}`, 'dist', remote[2]!) : path.join(ROOT, 'shell', 'dist', url.slice(1));
}

function sentSize(url: string, encoding: string, raw: number) {
  const extension = { br: '.br', gzip: '.gz' }[encoding];
  if (!extension) return raw;
  const copy = `${builtFile(url)}${extension}`;
  return fs.existsSync(copy) ? fs.statSync(copy).size : raw;
}

export const gzipSize = (buffer: Buffer) => zlib.gzipSync(buffer, { level: 9 }).length;

/** Records every script the page downloads from now on; `take()` answers those so far and starts a new list. */
export function recordScripts(page: Page) {
  let scripts: SentScript[] = [];
  page.on('response', async (response) => {
    if (!new URL(response.url()).pathname.endsWith('.js')) return;
    // A revalidated file (304) came from the browser's cache: nothing but headers was sent.
    if (response.status() === 304) return;
    const body = await response.body();
    const url = new URL(response.url()).pathname;
    const encoding = (await response.headerValue('content-encoding')) ?? 'none';
    scripts.push({ url, raw: body.length, sent: sentSize(url, encoding, body.length), encoding, gzip: gzipSize(body) });
  });
  return {
    take() {
      const taken = scripts;
      scripts = [];
      return taken;
    },
  };
}

export const sentBytes = (scripts: SentScript[]) => scripts.reduce((sum, s) => sum + s.sent, 0);
