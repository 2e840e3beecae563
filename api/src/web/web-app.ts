/**
 * Serves the built browser application from the API's own port: the shell at /, each remote at
 * /remotes/<name>/, /remotes.json naming them, and index.html for every other page address so that
 * deep links reach the shell's router. Hashed chunks are cached for a year; entry files, manifests
 * and index.html are revalidated on every load so a new build takes effect at once.
 * /offline-assets.json lists every file for the service worker that opens the product offline.
 * Source maps stay on disk beside the build (for reading a reported stack) and are never served:
 * they would hand anyone the product's whole source. The build writes a brotli and a gzip copy beside
 * each compressible file (scripts/compress-web.mjs); the copy the browser accepts is sent in its
 * place, with the original's Content-Type, and the copies are never addressed on their own.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

export const REMOTES = [
  { name: 'sales', title: 'Sales' },
  { name: 'comms', title: 'Communications' },
  { name: 'reports', title: 'Reports' },
  { name: 'admin', title: 'Administration' },
  { name: 'tracking', title: 'Tracking' },
  { name: 'vehicles', title: 'Vehicles' },
] as const;

/** A file named by its content's hash (`123.a49ea857.js`, `main.0f3c9a1b.css`): a new build gives a new name. */
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;
const COMPRESSED_COPY = /\.(br|gz)$/;
/** The file a compressed copy stands for: its caching is the original's. */
const originalOf = (filePath: string) => filePath.replace(COMPRESSED_COPY, '');

const setCacheHeaders = (res: { setHeader(name: string, value: string): void }, filePath: string) => {
  res.setHeader('cache-control', HASHED.test(originalOf(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache');
};

const isWebAddress = (url: string) => !/^\/(api|socket\.io)([/?]|$)/.test(url);

/**
 * A built file's address answers differently by Accept-Encoding, so a shared cache must keep one copy
 * per encoding. Added to what is there (CORS varies by Origin) rather than replacing it.
 */
function varyByEncoding(reply: FastifyReply) {
  const current = reply.getHeader('vary');
  const listed = String(current ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!listed.some((name) => name.toLowerCase() === 'accept-encoding')) reply.header('vary', [...listed, 'Accept-Encoding'].join(', '));
}

/** Neither source maps nor the compressed copies are addressed directly (a copy is sent in its original's place). */
const servedPath = (pathName: string) => !pathName.endsWith('.map') && !COMPRESSED_COPY.test(pathName);

/** The files of a built folder, as the addresses they are served at (source maps left out). */
function servedFiles(dist: string, prefix: string): { url: string; stat: fs.Stats }[] {
  return (fs.readdirSync(dist, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .filter((entry) => entry.isFile() && servedPath(entry.name))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      return { url: `${prefix}${path.relative(dist, file).split(path.sep).join('/')}`, stat: fs.statSync(file) };
    });
}

interface FederationAssets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}
interface FederationManifest {
  shared?: { name: string; assets?: FederationAssets }[];
  exposes?: { assets?: FederationAssets }[];
}

const readManifest = (dist: string): FederationManifest | null => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')) as FederationManifest;
  } catch {
    return null;
  }
};
const filesOf = (assets: FederationAssets | undefined) =>
  [assets?.js?.sync, assets?.js?.async, assets?.css?.sync, assets?.css?.async].flatMap((list) => list ?? []);

/**
 * The files each share's copy in a remote loads, as the remote entry registers the copy
 * (`"name","version",()=>Promise.all([x.e(12),x.e(34)])`). The manifest lists a chunk under one share
 * only: a chunk that a copy only remotes share loads too (use-load's needs api-error's) was listed
 * under the shell's share alone, left out, and the area failed to load offline.
 */
function filesLoadedByShare(remoteDist: string): Map<string, string[]> {
  let entry = '';
  try {
    entry = fs.readFileSync(path.join(remoteDist, 'remoteEntry.js'), 'utf8');
  } catch {
    return new Map();
  }
  const files = fs.readdirSync(remoteDist).filter((file) => /\.(js|css)$/.test(file));
  const filesOfChunk = (id: string) => files.filter((file) => file.startsWith(`${id}.`));
  const loaded = new Map<string, string[]>();
  for (const [, name, loads] of entry.matchAll(/"([^"]+)","[^"]*",\(\)=>(Promise\.all\(\[[^\]]*\]\)|[\w$]+\.e\(\d+\))/g)) {
    const ids = [...(loads ?? '').matchAll(/\.e\((\d+)\)/g)].map((m) => m[1]!);
    loaded.set(name!, ids.flatMap(filesOfChunk));
  }
  return loaded;
}

/**
 * A remote's copies of libraries the shell provides (module federation shares one copy, the
 * shell's): never downloaded, so not worth keeping. Everything else of the remote may be needed.
 */
function unusedFallbacks(remoteDist: string, shellShares: Set<string>): Set<string> {
  const manifest = readManifest(remoteDist);
  if (!manifest) return new Set();
  const remoteOnly = (name: string) => !shellShares.has(name);
  const needed = new Set([
    ...(manifest.exposes ?? []).flatMap((e) => filesOf(e.assets)),
    ...(manifest.shared ?? []).filter((shared) => remoteOnly(shared.name)).flatMap((shared) => filesOf(shared.assets)),
    ...[...filesLoadedByShare(remoteDist)].filter(([name]) => remoteOnly(name)).flatMap(([, files]) => files),
  ]);
  return new Set(
    (manifest.shared ?? [])
      .filter((shared) => shellShares.has(shared.name))
      .flatMap((shared) => filesOf(shared.assets))
      .filter((file) => !needed.has(file)),
  );
}

/**
 * What the service worker keeps for opening the product offline (shell/service-worker): every
 * file of the built shell and remotes a browser may load (not the remotes' copies of libraries the
 * shell provides), and /remotes.json, with a version that changes whenever a file does, so a new
 * build replaces the kept one.
 */
export function offlineAssets(shellDist: string, remoteDists: { name: string; dist: string }[]) {
  const shellShares = new Set((readManifest(shellDist)?.shared ?? []).map((shared) => shared.name));
  const files = [
    ...servedFiles(shellDist, '/'),
    ...remoteDists.flatMap((remote) => {
      const unused = unusedFallbacks(remote.dist, shellShares);
      return servedFiles(remote.dist, `/remotes/${remote.name}/`).filter(
        (file) => !unused.has(file.url.slice(`/remotes/${remote.name}/`.length)),
      );
    }),
  ].sort((a, b) => a.url.localeCompare(b.url));
  const version = crypto
    .createHash('sha256')
    .update(files.map((f) => `${f.url} ${f.stat.size} ${f.stat.mtimeMs}`).join('\n'))
    .digest('hex')
    .slice(0, 16);
  return { version, assets: ['/remotes.json', ...files.map((f) => f.url).filter((url) => url !== '/sw.js')] };
}

export function remotesList() {
  return REMOTES.map((r) => ({ name: r.name, title: r.title, entry: `/remotes/${r.name}/mf-manifest.json` }));
}

export async function serveWebApp(app: FastifyInstance, webRoot: string, remotesFile: string | null) {
  const shellDist = path.join(webRoot, 'shell', 'dist');
  if (!fs.existsSync(path.join(shellDist, 'index.html'))) {
    app.log.warn(`No built shell in ${shellDist}: serving the API only. Run the build first.`);
    return;
  }
  app.addHook('onSend', async (request, reply, payload) => {
    if (isWebAddress(request.url)) varyByEncoding(reply);
    return payload;
  });
  app.get('/remotes.json', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return remotesFile ? JSON.parse(fs.readFileSync(remotesFile, 'utf8')) : remotesList();
  });
  const remoteDists: { name: string; dist: string }[] = [];
  for (const remote of REMOTES) {
    const dist = path.join(webRoot, `mfe-${remote.name}`, 'dist');
    // A remote that was not built stays unregistered: its area shows as unavailable in the shell.
    if (!fs.existsSync(dist)) continue;
    remoteDists.push({ name: remote.name, dist });
    await app.register(fastifyStatic, {
      root: dist,
      prefix: `/remotes/${remote.name}/`,
      decorateReply: false,
      cacheControl: false,
      setHeaders: setCacheHeaders,
      index: false,
      allowedPath: servedPath,
      preCompressed: true,
    });
  }
  app.get('/offline-assets.json', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return offlineAssets(shellDist, remoteDists);
  });
  await app.register(fastifyStatic, {
    root: shellDist,
    prefix: '/',
    cacheControl: false,
    setHeaders: setCacheHeaders,
    index: false,
    wildcard: false,
    allowedPath: servedPath,
    preCompressed: true,
  });
  app.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (/^\/(api|socket\.io|remotes)\//.test(request.url)) return reply.callNotFound();
    const file = path.join(shellDist, path.normalize(request.url.split('?')[0]!).replace(/^(\.\.[/\\])+/, ''));
    if (file.startsWith(shellDist) && fs.existsSync(file) && fs.statSync(file).isFile())
      return reply.sendFile(path.relative(shellDist, file));
    // Every page address opens the shell (compressed like any other file, and revalidated: it names this build's entry files).
    return reply.sendFile('index.html');
  });
}
