/**
 * The browser's defences, on every answer of this server (pages, built assets and /api): a strict
 * Content-Security-Policy built from the configuration, no MIME sniffing, no framing by other sites,
 * a referrer that never carries a path to another origin, no powerful browser features but
 * geolocation, and a browsing context of its own. /api answers are not stored by any cache unless
 * the route says otherwise, and CORS answers only the origins configured in CORS_ORIGINS.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyCorsOptions } from '@fastify/cors';
import type { Config } from '../config';

export type PolicyConfig = Pick<Config, 'mapTileUrl' | 'publicUrl' | 'cspImgOrigins'>;

/**
 * The origin a Leaflet tile template loads from, as a CSP source: a placeholder in the host
 * (`https://{s}.tile.openstreetmap.org/...`) becomes a wildcard for that label and those left of it,
 * since CSP only allows a wildcard as the leftmost label. A same-origin template (`/tiles/...`) or
 * one that is no http(s) address needs no source of its own.
 */
export function tileSource(template: string): string | null {
  const match = /^(https?):\/\/([^/?#]+)/i.exec(template.trim());
  if (!match) return null;
  const [, scheme, host] = match as unknown as [string, string, string];
  const labels = host.toLowerCase().split('.');
  const lastTemplated = labels.findLastIndex((label) => label.includes('{'));
  const source = lastTemplated < 0 ? host : ['*', ...labels.slice(lastTemplated + 1)].join('.');
  return /^(\*\.)?[a-z0-9.-]+(:\d+)?$/i.test(source) ? `${scheme.toLowerCase()}://${source}` : null;
}

/** socket.io's WebSocket on this server's public address, for browsers whose 'self' does not cover ws: and wss:. */
function webSocketSource(publicUrl: string): string | null {
  if (!URL.canParse(publicUrl)) return null;
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

const sources = (...list: (string | null)[]) => [...new Set(list.filter((s): s is string => !!s))].join(' ');

/**
 * The one Content-Security-Policy of the product: the shell, every remote (module federation loads
 * their entries and chunks as scripts from this origin) and the service worker run under it.
 * Styles allow 'unsafe-inline' and not a nonce: antd's cssinjs could take a nonce, but the dialogs'
 * and drawers' scroll lock (@rc-component/portal) and the scrollbar measurement
 * (@rc-component/util) insert <style> elements with no way to pass one, and style-loader (Leaflet's
 * CSS) would need it too. Scripts never run inline nor from strings.
 */
export function contentSecurityPolicy(config: PolicyConfig, frameAncestors: "'none'" | "'self'" = "'none'"): string {
  return [
    `default-src 'self'`,
    `script-src 'self'`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${sources("'self'", 'data:', 'blob:', tileSource(config.mapTileUrl), ...config.cspImgOrigins)}`,
    `font-src 'self' data:`,
    `connect-src ${sources("'self'", webSocketSource(config.publicUrl))}`,
    `worker-src 'self'`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    // ASVS 5.0 V3.4.3: no page of this product sets a <base>, so none may be injected.
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * Geolocation stays for this origin (field agents' positions are taken in the browser); the file
 * inputs' capture of photos opens the device's camera application, which needs no camera permission.
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'camera=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * /api answers may be framed by this origin's own pages (the document viewer at /preview and
 * /pdfReader shows the product's files in an iframe) and by no one else; pages and assets by no one.
 */
export function securityHeaders(config: PolicyConfig, url: string): Record<string, string> {
  const api = isApi(url);
  return {
    'content-security-policy': contentSecurityPolicy(config, api ? "'self'" : "'none'"),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    'x-frame-options': api ? 'SAMEORIGIN' : 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    // Browsers honour it only over HTTPS, where production runs; a year and subdomains as ASVS 5.0 V3.4.1 asks.
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
  };
}

/** Tokens and personal data must not stay in a browser's or a proxy's cache; a route that sets its own Cache-Control keeps it. */
function keepApiAnswersOutOfCaches(request: FastifyRequest, reply: FastifyReply) {
  if (isApi(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
}

export function installSecurityHeaders(app: FastifyInstance, config: PolicyConfig) {
  // Both headers sets are computed once: the policy only changes with the configuration.
  const page = securityHeaders(config, '/');
  const api = securityHeaders(config, '/api');
  app.addHook('onSend', async (request, reply, payload) => {
    reply.headers(isApi(request.url) ? api : page);
    keepApiAnswersOutOfCaches(request, reply);
    return payload;
  });
}

/**
 * CORS for the configured origins only: each gets itself back with credentials; any other origin,
 * `null` included, gets no CORS header at all (and a preflight from it answers 404), so the browser
 * keeps its page from reading the answer. With no origins configured only same-origin pages call.
 */
export function corsOptions(allowed: string[]): FastifyCorsOptions {
  const listed = new Set(allowed);
  return {
    origin: (origin, callback) => callback(null, origin !== undefined && listed.has(origin) ? origin : false),
    credentials: true,
  };
}
