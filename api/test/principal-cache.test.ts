import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createPrincipalCache } from '../src/auth/principal-cache';
import type { Principal } from '../src/auth/principal';

const entry = (userId: string) => ({ principal: { userId } as Principal, scopeTenant: null });

/** A loader whose answers the test releases by hand, counting its calls. */
function manualLoader(userId: string) {
  let calls = 0;
  const waiting: Array<{ resolve: (value: ReturnType<typeof entry>) => void; reject: (error: Error) => void }> = [];
  return {
    load: () => {
      calls++;
      return new Promise<ReturnType<typeof entry>>((resolve, reject) => waiting.push({ resolve, reject }));
    },
    answer: () => waiting.shift()!.resolve(entry(userId)),
    fail: () => waiting.shift()!.reject(new Error('database gone')),
    calls: () => calls,
  };
}

describe('principal cache', () => {
  test('requests of one session arriving together share one identity lookup', async () => {
    const cache = createPrincipalCache(5_000);
    const loader = manualLoader('u1');
    const all = Array.from({ length: 20 }, () => cache.load('session', null, loader.load));
    loader.answer();
    const answers = await Promise.all(all);
    assert.equal(loader.calls(), 1);
    assert.ok(answers.every((a) => a.principal.userId === 'u1'));
    await cache.load('session', null, loader.load);
    assert.equal(loader.calls(), 1, 'then served from the cache');
  });

  test('a lookup begun before an invalidation is answered but not kept', async () => {
    const cache = createPrincipalCache(5_000);
    const loader = manualLoader('u1');
    const before = cache.load('session', null, loader.load);
    cache.invalidate();
    const after = cache.load('session', null, loader.load);
    assert.equal(loader.calls(), 2, 'after the invalidation a new lookup starts');
    loader.answer();
    loader.answer();
    await Promise.all([before, after]);
    assert.equal(cache.get('session', null)?.principal.userId, 'u1');
    cache.clearLocal();
    const stale = cache.load('session', null, loader.load);
    cache.clearLocal();
    loader.answer();
    await stale;
    assert.equal(cache.get('session', null), null, 'what was read before the clearing is not stored');
  });

  test('a failed lookup is not kept: the next request tries again', async () => {
    const cache = createPrincipalCache(5_000);
    const loader = manualLoader('u1');
    const failing = cache.load('session', null, loader.load);
    loader.fail();
    await assert.rejects(failing, /database gone/);
    const retried = cache.load('session', null, loader.load);
    loader.answer();
    assert.equal((await retried).principal.userId, 'u1');
    assert.equal(loader.calls(), 2);
  });
});
