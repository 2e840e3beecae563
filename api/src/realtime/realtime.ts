/**
 * socket.io on the API's own HTTP server. A socket must present a valid, unrevoked access token;
 * it joins rooms for its user, its session and its home tenant. With REDIS_URL set, the Redis
 * adapter carries events between API processes.
 */
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Database } from '../db/database';
import type { TokenService } from '../auth/tokens';
import { loadPrincipal } from '../auth/principal';
import { AppError } from '../http/errors';
import type { PrincipalCache } from '../auth/principal-cache';

export interface Realtime {
  attach(server: HttpServer): Promise<void>;
  toUser(userId: string, event: string, payload: unknown): void;
  /** Closes every socket of a session (logout, revocation). */
  endSession(sessionId: string): void;
  close(): Promise<void>;
}

export const rooms = {
  user: (id: string) => `user:${id}`,
  session: (id: string) => `session:${id}`,
  tenant: (id: string) => `tenant:${id}`,
};

const INVALIDATE_PRINCIPALS = 'auth:invalidate-principals';

/** `corsOrigins`: the same allow-list as the HTTP API (CORS_ORIGINS); empty means this origin alone. */
export function createRealtime(
  db: Database, tokens: TokenService, redisUrl: string | null, log: (msg: string) => void, principals: PrincipalCache, corsOrigins: readonly string[] = [],
): Realtime {
  let io: Server | null = null;
  const redisClients: { quit(): Promise<unknown> }[] = [];

  return {
    async attach(server) {
      io = new Server(server, { path: '/socket.io', serveClient: false, cors: { origin: corsOrigins.length ? [...corsOrigins] : false, credentials: true } });
      if (redisUrl) {
        const pub = createClient({ url: redisUrl });
        const sub = pub.duplicate();
        await Promise.all([pub.connect(), sub.connect()]);
        redisClients.push(pub, sub);
        io.adapter(createAdapter(pub, sub));
        log('realtime: Redis adapter in use');
        io.on(INVALIDATE_PRINCIPALS, () => principals.clearLocal());
        const server = io;
        principals.onBroadcast(() => server.serverSideEmit(INVALIDATE_PRINCIPALS));
      }
      io.use(async (socket, next) => {
        try {
          const token = (socket.handshake.auth as { token?: string }).token ?? '';
          const claims = await tokens.verify(token);
          const { principal } = await loadPrincipal(db, claims, null);
          socket.data.userId = principal.userId;
          socket.data.sessionId = principal.sessionId;
          socket.data.tenantId = principal.homeTenantId;
          socket.data.expiresAt = claims.exp * 1000;
          next();
        } catch (error) {
          const err = new Error(error instanceof AppError ? error.message : 'unauthorized') as Error & { data?: unknown };
          err.data = { code: error instanceof AppError ? error.code : 'UNAUTHENTICATED' };
          next(err);
        }
      });
      io.on('connection', (socket) => {
        const { userId, sessionId, tenantId, expiresAt } = socket.data as { userId: string; sessionId: string; tenantId: string; expiresAt: number };
        void socket.join([rooms.user(userId), rooms.session(sessionId), rooms.tenant(tenantId)]);
        socket.emit('session', { sessionID: sessionId, userID: userId });
        // A socket lives no longer than the token it was opened with; the client reconnects with a fresh one.
        const timer = setTimeout(() => socket.disconnect(true), Math.max(0, expiresAt - Date.now()));
        socket.on('disconnect', () => clearTimeout(timer));
      });
    },
    toUser(userId, event, payload) {
      io?.to(rooms.user(userId)).emit(event, payload);
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
