/**
 * The service worker that lets the product open without a connection (sales spec 1: field roles
 * keep working offline). On install it keeps every file of the built shell and remotes, as listed by
 * /offline-assets.json (api/src/web/web-app.ts), in a cache named after that build; on activate it
 * drops the caches of older builds. Pages and the remotes' entry files are asked of the network
 * first, so a new build shows at once when online, and come from the cache when there is none;
 * hashed chunks, which never change, come from the cache first. The API and the socket are never
 * touched: data offline comes from the device store of the field sync, not from here.
 */
/// <reference lib="webworker" />
const sw = self as unknown as ServiceWorkerGlobalScope;

const ASSETS_URL = '/offline-assets.json';
const CACHE_PREFIX = 'meridian-app-';
/** Holds the name of the current build's cache. */
const CURRENT = `${CACHE_PREFIX}current`;
const HASHED = /\.[0-9a-f]{8}\.js$/;
const PASS_THROUGH = /^\/(api|socket\.io)\/|^\/offline-assets\.json$|^\/sw\.js$/;

interface OfflineAssets {
  version: string;
  assets: string[];
}

async function readCurrentCacheName(): Promise<string | null> {
  const answer = await (await caches.open(CURRENT)).match(CURRENT);
  return answer ? answer.text() : null;
}

/** Read once per start of this worker (and set by its install), not on every request it answers. */
let currentName: Promise<string | null> | null = null;
const currentCacheName = () =>
  (currentName ??= readCurrentCacheName().catch(() => {
    currentName = null;
    return null;
  }));

sw.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const listed = (await (await fetch(ASSETS_URL, { cache: 'no-store' })).json()) as OfflineAssets;
      const name = `${CACHE_PREFIX}${listed.version}`;
      await (await caches.open(name)).addAll(listed.assets);
      await (await caches.open(CURRENT)).put(CURRENT, new Response(name));
      currentName = Promise.resolve(name);
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const keep = new Set([CURRENT, await currentCacheName()]);
      await Promise.all(
        (await caches.keys()).filter((name) => name.startsWith(CACHE_PREFIX) && !keep.has(name)).map((name) => caches.delete(name)),
      );
      await sw.clients.claim();
    })(),
  );
});

async function fromCache(request: Request): Promise<Response | undefined> {
  const name = await currentCacheName();
  if (!name) return undefined;
  const cache = await caches.open(name);
  // Every page address is the shell's index.html (the server answers it for deep links too).
  return (
    (await cache.match(request, { ignoreSearch: request.mode === 'navigate' })) ??
    (request.mode === 'navigate' ? cache.match('/index.html') : undefined)
  );
}

async function networkFirst(request: Request): Promise<Response> {
  try {
    const answer = await fetch(request);
    const name = await currentCacheName();
    if (answer.ok && name && request.mode !== 'navigate') await (await caches.open(name)).put(request, answer.clone());
    return answer;
  } catch (error) {
    const kept = await fromCache(request);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  return (await fromCache(request)) ?? networkFirst(request);
}

sw.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== sw.location.origin || PASS_THROUGH.test(url.pathname)) return;
  event.respondWith(HASHED.test(url.pathname) ? cacheFirst(request) : networkFirst(request));
});
