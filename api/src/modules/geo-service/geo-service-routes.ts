/**
 * The spec's second geo interface (tracking spec 7, "Geo service on a separate host"): devices,
 * geofences, positions, permissions, commands, eventIos, eventActions, drivers, deviceTrips,
 * usertraking, mapzoom and geocoding, under /api/geo-service in the geo-service process
 * (`npm run geo-service`). Each route is a translation of the call, not a second implementation: it
 * is forwarded, with the caller's own credentials and tenant, through the same guard, validation and
 * handler as its /api/geo counterpart, so the two interfaces can never answer differently.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EMPTY_GUID } from '@meridian/shared/constants';
import { mapZoomTile, summariseTile } from './map-zoom';

type Params = Record<string, string>;
type Query = Record<string, string | string[] | undefined>;

interface Translation {
  method: HTTPMethods;
  /** The /api path the call becomes, from the façade's path parameters and query. */
  to: (params: Params, query: Query) => string;
}

const enc = encodeURIComponent;
const text = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

/** The query as it came, minus the keys a translation moved into the path or renamed. */
function queryString(query: Query, renamed: Record<string, string | null> = {}) {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const name = Object.hasOwn(renamed, key) ? renamed[key] : key;
    if (name === null) continue;
    for (const v of [value].flat()) out.append(name!, v);
  }
  const s = out.toString();
  return s ? `?${s}` : '';
}

const same = (path: string) => (params: Params, query: Query) =>
  path.replace(/:(\w+)/g, (_, name: string) => enc(params[name] ?? '')) + queryString(query);

/** Façade path → what it is in the back-office interface. */
const ROUTES: Record<string, Partial<Record<HTTPMethods, Translation>>> = {
  '/geofences': { GET: { method: 'GET', to: same('/api/geo/fences') }, POST: { method: 'POST', to: same('/api/geo/fences') } },
  '/geofences/:id': {
    GET: { method: 'GET', to: same('/api/geo/fences/:id') },
    PUT: { method: 'PUT', to: same('/api/geo/fences/:id') },
    DELETE: { method: 'DELETE', to: same('/api/geo/fences/:id') },
  },
  '/devices': {
    GET: { method: 'GET', to: (_, q) => `/api/geo/device/${EMPTY_GUID}${queryString(q)}` },
    POST: { method: 'POST', to: same('/api/geo/device') },
  },
  '/devices/search': {
    GET: { method: 'GET', to: (_, q) => `/api/geo/device/search/${enc(text(q.search).trim() || '%')}` },
  },
  '/devices/:id': {
    GET: { method: 'GET', to: same('/api/geo/device/details/:id') },
    PUT: { method: 'PUT', to: same('/api/geo/device/:id') },
    // The back office deletes a device with a PUT to its delete path (tracking spec 4).
    DELETE: { method: 'PUT', to: same('/api/geo/device/delete/:id') },
  },
  '/devices/sendCommand/:id/:type': { POST: { method: 'POST', to: same('/api/geo/device/sendCommand/:id/:type') } },
  '/positions': {
    // With a device and a period, its positions; else the latest position of every device.
    GET: {
      method: 'GET',
      to: (_, q) =>
        q.deviceId && q.from && q.to
          ? `/api/geo/position/device/${enc(text(q.deviceId))}/${enc(text(q.from))}/${enc(text(q.to))}${queryString(q, { deviceId: null, from: null, to: null })}`
          : `/api/geo/device/map/${EMPTY_GUID}`,
    },
  },
  '/positions/:id': { GET: { method: 'GET', to: same('/api/geo/device/position/:id') } },
  '/permissions': {
    GET: {
      method: 'GET',
      to: (_, q) => (q.deviceId ? `/api/geo/permissions/device/${enc(text(q.deviceId))}` : `/api/geo/permissions${queryString(q)}`),
    },
    POST: { method: 'POST', to: same('/api/geo/permissions') },
    DELETE: { method: 'DELETE', to: same('/api/geo/permissions') },
  },
  '/permissions/:id': { GET: { method: 'GET', to: same('/api/geo/permissions/:id') } },
  '/drivers': { GET: { method: 'GET', to: same('/api/geo/drivers') }, POST: { method: 'POST', to: same('/api/geo/drivers') } },
  '/drivers/:id': {
    PUT: { method: 'PUT', to: same('/api/geo/drivers/:id') },
    DELETE: { method: 'DELETE', to: same('/api/geo/drivers/:id') },
  },
  '/deviceTrips/trip': {
    GET: {
      method: 'GET',
      to: (_, q) => `/api/geo/device/trip/details${queryString(q, { deviceid: 'deviceId', fromdate: 'fromDate', todate: 'toDate' })}`,
    },
  },
  '/usertraking/trip': {
    GET: {
      method: 'GET',
      to: (_, q) => `/api/usertracking/datewithid/${enc(text(q.fromdate))}/${enc(text(q.todate))}/${enc(text(q.userId))}`,
    },
  },
  '/geocoding/position/:id': { GET: { method: 'GET', to: same('/api/geo/geocoding/position/:id') } },
};
for (const [facade, target] of [
  ['/commands', '/api/geo/commands'],
  ['/eventIos', '/api/geo/eventIos'],
  ['/eventActions', '/api/geo/eventActions'],
] as const) {
  ROUTES[facade] = { GET: { method: 'GET', to: same(target) }, POST: { method: 'POST', to: same(target) } };
  ROUTES[`${facade}/:id`] = {
    GET: { method: 'GET', to: same(`${target}/:id`) },
    PUT: { method: 'PUT', to: same(`${target}/:id`) },
    DELETE: { method: 'DELETE', to: same(`${target}/:id`) },
  };
}

/** The caller's credentials and tenant go with the call; nothing else of theirs. */
const FORWARDED_HEADERS = ['authorization', 'x-tenant-id', 'x-ui-version', 'content-type', 'cookie', 'accept'];

function forwardedHeaders(request: FastifyRequest) {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

async function forward(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, method: HTTPMethods, url: string) {
  const answer = await app.inject({
    method,
    url,
    headers: forwardedHeaders(request),
    remoteAddress: request.ip,
    ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
  });
  for (const name of ['content-type', 'content-disposition', 'cache-control']) {
    const value = answer.headers[name];
    if (value !== undefined) reply.header(name, value);
  }
  return reply.code(answer.statusCode).send(answer.rawPayload);
}

export const geoServiceRoutes: FastifyPluginAsyncZod = async (facade) => {
  // inject() dispatches to the whole server: a forwarded call runs through every hook and route as any other request.
  const root: FastifyInstance = facade;
  for (const [path, methods] of Object.entries(ROUTES)) {
    for (const [method, translation] of Object.entries(methods)) {
      facade.route({
        method: method as HTTPMethods,
        url: path,
        // Signed in, like every /api route; what the call may do is checked where it is forwarded.
        schema: { tags: ['geo service'] },
        handler: (request, reply) =>
          forward(root, request, reply, translation!.method, translation!.to(request.params as Params, request.query as Query)),
      });
    }
  }
  // Signed in like every route here; the devices it summarises are those the forwarded map list lets the caller see.
  facade.get('/mapzoom/zoom/:zoom/:x/:y', { schema: { tags: ['geo service'] } }, async (request, reply) => {
    const tile = mapZoomTile(request.params as Params);
    const all = await root.inject({ method: 'GET', url: `/api/geo/device/map/${EMPTY_GUID}`, headers: forwardedHeaders(request) });
    if (all.statusCode !== 200) return reply.code(all.statusCode).header('content-type', 'application/json').send(all.rawPayload);
    const forceNoSum = String((request.query as Query).forceNoSum ?? '') === 'true';
    return reply.send(summariseTile(tile, JSON.parse(all.body), forceNoSum));
  });
};
