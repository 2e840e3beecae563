import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { NAMED_STATEMENTS_MAX, openDatabase, preparedStatement } from '../src/db/database';
import { usingPostgres } from './support/harness';

describe('prepared statements', () => {
  test('a text keeps one name; past the cap of named texts a new text runs unnamed and the named ones keep their names', async () => {
    const first = preparedStatement('select $1::int as n', [1]);
    assert.ok(first.name);
    assert.equal(preparedStatement('select $1::int as n', [2]).name, first.name);
    assert.notEqual(preparedStatement('select $1::int as m', [2]).name, first.name);
    let named = 2;
    for (let offset = 0; preparedStatement(`select $1::int as n offset ${offset}`, [1]).name; offset++) {
      named++;
      assert.ok(named <= NAMED_STATEMENTS_MAX, `no more than ${NAMED_STATEMENTS_MAX} texts are named`);
    }
    assert.equal(named, NAMED_STATEMENTS_MAX, 'every text until the cap is named');
    assert.equal(preparedStatement('select $1::int as later', [1]).name, undefined);
    assert.equal(preparedStatement('select $1::int as n', [3]).name, first.name);
    if (usingPostgres) {
      // The unnamed ones still answer, on a real connection.
      const db = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, dataDir: null, poolSize: 1 });
      try {
        assert.deepEqual(await db.query('select $1::int as later', [7]), [{ later: 7 }]);
        assert.deepEqual(await db.query('select $1::int as n', [8]), [{ n: 8 }]);
      } finally {
        await db.close();
      }
    }
  });
});
