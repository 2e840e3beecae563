/**
 * Serves the built browser application from the API's own port: the shell at /, each remote at
 * /remotes/<name>/, /remotes.json naming them, and index.html for every other page address so that
 * deep links reach the shell's router. Hashed chunks are cached for a year; entry files, manifests
 * and index.html are revalidated on every load so a new build takes effect at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export const REMOTES = [
  { name: 'sales', title: 'Sales' },
  { name: 'comms', title: 'Communications' },
  { name: 'reports', title: 'Reports' },
  { name: 'admin', title: 'Administration' },
  { name: 'tracking', title: 'Tracking' },
  { name: 'vehicles', title: 'Vehicles' },
] as const;

const HASHED = /\.[0-9a-f]{8}\.js(\.map)?$/;
const setCacheHeaders = (res: { setHeader(name: string, value: string): void }, filePath: string) => {
  res.setHeader('cache-control', HASHED.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache');
};

export function remotesList() {
  return REMOTES.map((r) => ({ name: r.name, title: r.title, entry: `/remotes/${r.name}/mf-manifest.json` }));
}

export async function serveWebApp(app: FastifyInstance, webRoot: string, remotesFile: string | null) {
  const shellDist = path.join(webRoot, 'shell', 'dist');
  if (!fs.existsSync(path.join(shellDist, 'index.html'))) {
    app.log.warn(`No built shell in ${shellDist}: serving the API only. Run the build first.`);
    return;
  }
  app.get('/remotes.json', { config: { public: true }, schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return remotesFile ? JSON.parse(fs.readFileSync(remotesFile, 'utf8')) : remotesList();
  });
  for (const remote of REMOTES) {
    const dist = path.join(webRoot, `mfe-${remote.name}`, 'dist');
    // A remote that was not built stays unregistered: its area shows as unavailable in the shell.
    if (!fs.existsSync(dist)) continue;
    await app.register(fastifyStatic, { root: dist, prefix: `/remotes/${remote.name}/`, decorateReply: false, cacheControl: false, setHeaders: setCacheHeaders, index: false });
  }
  await app.register(fastifyStatic, { root: shellDist, prefix: '/', cacheControl: false, setHeaders: setCacheHeaders, index: false, wildcard: false });
  const indexHtml = fs.readFileSync(path.join(shellDist, 'index.html'));
  app.get('/*', { config: { public: true }, schema: { hide: true } }, async (request, reply) => {
    if (/^\/(api|socket\.io|remotes)\//.test(request.url)) return reply.callNotFound();
    const file = path.join(shellDist, path.normalize(request.url.split('?')[0]!).replace(/^(\.\.[/\\])+/, ''));
    if (file.startsWith(shellDist) && fs.existsSync(file) && fs.statSync(file).isFile()) return reply.sendFile(path.relative(shellDist, file));
    return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
  });
}
