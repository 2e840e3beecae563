import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import Fastify from 'fastify';
import { trackHandling } from '../src/http/handling-tracker';

/** A server whose one route runs until `release` is called. */
async function serverWithSlowRoute() {
  const app = Fastify();
  const handling = trackHandling(app);
  let release = () => undefined as void;
  let started = () => undefined as void;
  const handlerStarted = new Promise<void>((resolve) => (started = resolve));
  app.get('/slow', async () => {
    started();
    await new Promise<void>((resolve) => (release = resolve));
    return { done: true };
  });
  app.get('/quick', async () => ({ done: true }));
  // A request held in a hook before its handler, as one is while its sign-in is looked up.
  let releaseHeld = () => undefined as void;
  let heldStarted = () => undefined as void;
  const held = new Promise<void>((resolve) => (heldStarted = resolve));
  app.addHook('onRequest', async (request) => {
    if (request.url !== '/held') return;
    heldStarted();
    await new Promise<void>((resolve) => (releaseHeld = resolve));
  });
  app.get('/held', async () => ({ done: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { app, handling, port, handlerStarted, release: () => release(), held, releaseHeld: () => releaseHeld() };
}

const settledWithin = (promise: Promise<void>, ms: number) =>
  Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

/**
 * A client asks for `path` and hangs up once the request is under way (`begun`); the server shuts
 * down. Its handling must not settle until `finish` lets the request end, and then must.
 */
async function assertShutdownWaitsFor(
  server: Awaited<ReturnType<typeof serverWithSlowRoute>>,
  path: string,
  begun: Promise<void>,
  finish: () => void,
) {
  const request = http.get({ host: '127.0.0.1', port: server.port, path });
  request.on('error', () => undefined);
  await begun;
  request.destroy();
  await server.app.close();
  const settled = server.handling.settled(5_000);
  assert.equal(await settledWithin(settled, 300), false, 'the request is still being handled');
  finish();
  assert.equal(await settledWithin(settled, 1_000), true, 'settled once it was answered');
}

describe('shutting down', () => {
  test('waits for a handler whose client hung up, and no longer', async () => {
    const server = await serverWithSlowRoute();
    await assertShutdownWaitsFor(server, '/slow', server.handlerStarted, server.release);
  });

  test('waits for a request still in a hook before its handler when the shutdown began', async () => {
    const server = await serverWithSlowRoute();
    await assertShutdownWaitsFor(server, '/held', server.held, server.releaseHeld);
  });

  test('settles at once when nothing runs, after answered and refused requests', async () => {
    const { app, handling, port } = await serverWithSlowRoute();
    for (const path of ['/quick', '/missing']) {
      await new Promise<void>((resolve) => http.get({ host: '127.0.0.1', port, path }, (response) => response.resume().on('end', resolve)));
    }
    await app.close();
    assert.equal(await settledWithin(handling.settled(5_000), 100), true);
  });
});
