/**
 * socket.io on the API's own HTTP server. A socket must present a valid, unrevoked access token;
 * it joins rooms for its user, its session and the tenant it acts for: the one its handshake names
 * (checked like the x-tenant-id header), else the user's home tenant, and it follows the user's
 * tenant switches (`tenant:select`). With REDIS_URL set, the Redis adapter carries events between
 * API processes.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { Database } from '../db/database';
import type { TokenService } from '../auth/tokens';
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import { TENANT_SELECT_EVENT, type RealtimeEvent, type RealtimeEvents, type TenantSelectAnswer } from '@meridian/shared/contract/realtime';
import { loadPrincipal, parseTenantHeader, resolveScope } from '../auth/principal';
import { AppError, badRequest } from '../http/errors';
import type { PrincipalCache } from '../auth/principal-cache';
import { gatedEventsFor, isGatedEvent } from './event-audiences';
import type { z } from 'zod';
import { answerRequest, callerOf, type RealtimeRequestHandler, type RegisteredRequest } from './realtime-requests';

export interface Realtime {
  attach(server: HttpServer): Promise<void>;
  toUser(userId: string, event: string, payload: unknown): void;
  /**
   * Sends an event about `tenantId` to every socket acting for that tenant or a tenant above it,
   * that is to everyone whose subtree holds it.
   */
  toTenantSubtree<E extends RealtimeEvent>(tenantId: string, event: E, payload: RealtimeEvents[E]): Promise<void>;
  /** Closes every socket of a session (logout, revocation). */
  endSession(sessionId: string): void;
  /**
   * Answers `event` sent by a browser with an acknowledgement (realtime-requests.ts): the payload is
   * validated with `schema` and the handler runs with the caller as they are now. Registered by modules
   * before the server listens.
   */
  handle<S extends z.ZodType, A>(event: string, schema: S, handler: RealtimeRequestHandler<S, A>): void;
  close(): Promise<void>;
}

export const rooms = {
  user: (id: string) => `user:${id}`,
  session: (id: string) => `session:${id}`,
  tenant: (id: string) => `tenant:${id}`,
  /** The sockets of a tenant whose users may hear a gated event (event-audiences.ts). */
  tenantAudience: (id: string, event: RealtimeEvent) => `tenant:${id}:${event}`,
};

/** The rooms of the tenant a socket acts for: the tenant's own, and the audience of each gated event it may hear. */
const tenantRooms = (tenantId: string, events: readonly RealtimeEvent[]) => [
  rooms.tenant(tenantId),
  ...events.map((event) => rooms.tenantAudience(tenantId, event)),
];

const INVALIDATE_PRINCIPALS = 'auth:invalidate-principals';

interface SocketData {
  userId: string;
  sessionId: string;
  /** The token's subject and session, to check a later tenant switch against the session as it is then. */
  claims: { sub: string; sid: string };
  tenantId: string;
  /**
   * The gated events its user may hear, fixed when the socket opens: a permission taken away reaches
   * the socket when it reopens, at the latest when its access token expires.
   */
  events: RealtimeEvent[];
  expiresAt: number;
}

/**
 * The tenant a socket may act for: `requested` checked exactly like the x-tenant-id header (the user
 * must be allowed to act in it), or the user's home tenant when nothing is requested.
 */
async function actingTenant(db: Database, claims: { sub: string; sid: string }, requested: unknown) {
  const tenantHeader = parseTenantHeader(typeof requested === 'string' ? requested : undefined);
  const { principal, scopeTenant } = await loadPrincipal(db, claims, tenantHeader);
  const tenantId = tenantHeader ? resolveScope(principal, scopeTenant).tenantId : principal.homeTenantId;
  return { principal, tenantId };
}

const refusal = (error: unknown) => ({
  code: error instanceof AppError ? error.code : ERROR_CODES.UNAUTHENTICATED,
  message: error instanceof AppError ? error.message : 'unauthorized',
});

/** The tenant and every tenant above it: a tenant's path lists the ids from the root down to itself. */
async function tenantAndAncestors(db: Database, tenantId: string): Promise<string[]> {
  const row = await db.one<{ path: string }>(`select path from tenants where id = $1`, [tenantId]);
  return row ? row.path.split('/').filter((id) => id !== '') : [];
}

/** `corsOrigins`: the same allow-list as the HTTP API (CORS_ORIGINS); empty means this origin alone. */
export function createRealtime(
  db: Database,
  tokens: TokenService,
  { redisUrl, redisKey }: { redisUrl: string | null; redisKey: string },
  log: (msg: string) => void,
  principals: PrincipalCache,
  corsOrigins: readonly string[] = [],
): Realtime {
  let io: Server | null = null;
  const redisClients: { quit(): Promise<unknown> }[] = [];
  const requests = new Map<string, RegisteredRequest>();

  return {
    async attach(server) {
      io = new Server(server, {
        path: '/socket.io',
        serveClient: false,
        cors: { origin: corsOrigins.length ? [...corsOrigins] : false, credentials: true },
      });
      if (redisUrl) {
        // Loaded only where REDIS_URL is set: an embedded start does without them.
        const [{ createClient }, { createAdapter }] = await Promise.all([import('redis'), import('@socket.io/redis-adapter')]);
        const pub = createClient({ url: redisUrl });
        const sub = pub.duplicate();
        await Promise.all([pub.connect(), sub.connect()]);
        redisClients.push(pub, sub);
        io.adapter(createAdapter(pub, sub, { key: redisKey }));
        log('realtime: Redis adapter in use');
        io.on(INVALIDATE_PRINCIPALS, () => principals.clearLocal());
        const server = io;
        principals.onBroadcast(() => server.serverSideEmit(INVALIDATE_PRINCIPALS));
      }
      io.use(async (socket, next) => {
        try {
          const auth = socket.handshake.auth as { token?: unknown; tenantId?: unknown };
          const claims = await tokens.verify(typeof auth.token === 'string' ? auth.token : '');
          const { principal, tenantId } = await actingTenant(db, claims, auth.tenantId);
          const data: SocketData = {
            userId: principal.userId,
            sessionId: principal.sessionId,
            claims: { sub: claims.sub, sid: claims.sid },
            tenantId,
            events: gatedEventsFor(principal),
            expiresAt: claims.exp * 1000,
          };
          socket.data = data;
          next();
        } catch (error) {
          const { code, message } = refusal(error);
          const err = new Error(message) as Error & { data?: unknown };
          err.data = { code };
          next(err);
        }
      });
      io.on('connection', (socket) => {
        const data = socket.data as SocketData;
        void socket.join([rooms.user(data.userId), rooms.session(data.sessionId), ...tenantRooms(data.tenantId, data.events)]);
        socket.emit('session', { sessionID: data.sessionId, userID: data.userId } satisfies RealtimeEvents['session']);
        // A socket lives no longer than the token it was opened with; the client reconnects with a fresh one.
        const timer = setTimeout(() => socket.disconnect(true), Math.max(0, data.expiresAt - Date.now()));
        socket.on('disconnect', () => clearTimeout(timer));

        // Switches are handled one after another, so the last one the user made is the one that holds.
        let switching = Promise.resolve();
        socket.on(TENANT_SELECT_EVENT, (request: unknown, ack?: unknown) => {
          const answer = typeof ack === 'function' ? (ack as (answer: TenantSelectAnswer) => void) : () => undefined;
          switching = switching.then(async () => {
            try {
              const requested = (request as { tenantId?: unknown } | null)?.tenantId;
              if (typeof requested !== 'string') throw badRequest('tenant:select needs a tenantId.');
              const { tenantId } = await actingTenant(db, data.claims, requested);
              if (tenantId !== data.tenantId) {
                for (const room of tenantRooms(data.tenantId, data.events)) await socket.leave(room);
                await socket.join(tenantRooms(tenantId, data.events));
                data.tenantId = tenantId;
              }
              answer({ success: true, tenantId });
            } catch (error) {
              // Refused like the x-tenant-id header would be; the socket keeps the rooms it had.
              answer({ success: false, ...refusal(error) });
            }
          });
        });

        for (const [event, request] of requests) {
          socket.on(event, (payload: unknown, ack?: unknown) => {
            const answer = typeof ack === 'function' ? (ack as (answer: unknown) => void) : () => undefined;
            // The tenant the socket acts for when the request arrives (a switch before it counts).
            void answerRequest(request, payload, () => callerOf(db, data.claims, data.tenantId), log).then(answer);
          });
        }
      });
    },
    handle(event, schema, handler) {
      requests.set(event, { schema, handler: handler as RegisteredRequest['handler'] });
    },
    toUser(userId, event, payload) {
      io?.to(rooms.user(userId)).emit(event, payload);
    },
    async toTenantSubtree(tenantId, event, payload) {
      if (!io) return;
      const tenants = await tenantAndAncestors(db, tenantId);
      // One emit to all the rooms: a socket in several of them still receives the event once.
      const room = isGatedEvent(event) ? (id: string) => rooms.tenantAudience(id, event) : rooms.tenant;
      if (tenants.length > 0) io?.to(tenants.map(room)).emit(event, payload);
    },
    endSession(sessionId) {
      io?.in(rooms.session(sessionId)).disconnectSockets(true);
    },
    async close() {
      await new Promise<void>((resolve) => (io ? io.close(() => resolve()) : resolve()));
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
