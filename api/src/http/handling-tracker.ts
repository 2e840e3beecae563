/** Requests whose handlers are still running, for a shutdown that must not close the database under them. */
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Counts requests from their first hook to their reply's sending (which happens even when the client
 * has gone), so that a shutdown can wait for them. Counting from the handler alone missed a request
 * still in its sign-in hook when the shutdown began: it reached its handler after the database closed.
 * Register this before every other hook.
 */
export function trackHandling(app: FastifyInstance) {
  const running = new Set<FastifyRequest>();
  let onIdle: (() => void) | null = null;
  app.addHook('onRequest', async (request) => {
    running.add(request);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    if (running.delete(request) && running.size === 0) onIdle?.();
    return payload;
  });
  return {
    settled: (timeoutMs: number) =>
      running.size === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, timeoutMs);
            onIdle = () => {
              clearTimeout(timer);
              resolve();
            };
          }),
  };
}
