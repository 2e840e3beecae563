import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Database } from '../src/db/database';
import { createTokenService } from '../src/auth/tokens';

/** Waits until the clock is `ms` into a second, where a token's whole-second expiry used to bite. */
async function lateInASecond(ms: number) {
  const wait = (ms - (Date.now() % 1000) + 1000) % 1000;
  await new Promise((resolve) => setTimeout(resolve, wait));
}

describe('access tokens', () => {
  test('a token signed late in a second still lives at least its time to live', async () => {
    // A configured secret: the database is never asked for one.
    const tokens = await createTokenService(null as unknown as Database, 'a test secret of enough length for HS256', 1);
    await lateInASecond(950);
    const signedAt = Date.now();
    const { token, expiresAt } = await tokens.sign({ sub: 'user', sid: 'session' });
    assert.ok(expiresAt.getTime() - signedAt >= 1000, `expires ${expiresAt.getTime() - signedAt} ms after signing`);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal((await tokens.verify(token)).sub, 'user', 'still valid half a second later');
  });
});
