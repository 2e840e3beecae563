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

describe('shutting down', () => {
  test('waits for a handler whose client hung up, and no longer', async () => {
    const { app, handling, port, handlerStarted, release } = await serverWithSlowRoute();
    const request = http.get({ host: '127.0.0.1', port, path: '/slow' });
    request.on('error', () => undefined);
    await handlerStarted;
    request.destroy();
    await app.close();
    const settled = handling.settled(5_000);
    assert.equal(await settledWithin(settled, 300), false, 'the handler still runs');
    release();
    assert.equal(await settledWithin(settled, 1_000), true, 'settled once it ended');
  });

  test('waits for a request still in a hook before its handler when the shutdown began', async () => {
    const { app, handling, port, held, releaseHeld } = await serverWithSlowRoute();
    const request = http.get({ host: '127.0.0.1', port, path: '/held' });
    request.on('error', () => undefined);
    await held;
    request.destroy();
    await app.close();
    const settled = handling.settled(5_000);
    assert.equal(await settledWithin(settled, 300), false, 'its handler is still to run');
    releaseHeld();
    assert.equal(await settledWithin(settled, 1_000), true, 'settled once it was answered');
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
