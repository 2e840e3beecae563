// The test runner's own check: a committed `.only` fails the run, naming the file and line.
// The focused calls below are assembled from pieces so this file does not trip the check itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const scanner = path.join(path.dirname(fileURLToPath(import.meta.url)), 'find-focused-tests.mjs');
const ONLY = '.' + 'only';

function workspaceWith(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'focused-tests-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

const scan = (dir) => spawnSync(process.execPath, [scanner, dir], { encoding: 'utf8' });

test('a committed .only in a Jest, node:test or Playwright file fails the check, naming the file and line', (t) => {
  const dir = workspaceWith({
    'shell/src/a.test.tsx': `describe('a', () => {\n  it${ONLY}('focused', () => {});\n});\n`,
    'api/test/b.test.ts': `test('plain', () => {});\ntest('focused', { ${'on' + 'ly'}: true }, () => {});\n`,
    'e2e/tests/c.spec.ts': `test${ONLY}('focused', async () => {});\n`,
    'mfe-sales/src/d.test.ts': `describe${ONLY} ('focused', () => {});\n`,
  });
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const result = scan(dir);
  assert.equal(result.status, 1);
  assert.match(result.stderr, /shell[/\\]src[/\\]a\.test\.tsx:2: focused test/);
  assert.match(result.stderr, /api[/\\]test[/\\]b\.test\.ts:2: focused test/);
  assert.match(result.stderr, /e2e[/\\]tests[/\\]c\.spec\.ts:1: focused test/);
  assert.match(result.stderr, /mfe-sales[/\\]src[/\\]d\.test\.ts:1: focused test/);
});

test('tests without .only, and .only outside test files or in installed packages, pass the check', (t) => {
  const dir = workspaceWith({
    'shell/src/a.test.tsx': `it('plain', () => {});\ntest.skip('later', () => {});\n`,
    'shell/src/only-helper.ts': `export const x = { ${'on' + 'ly'}: true };\n`,
    'shell/node_modules/lib/lib.test.js': `it${ONLY}('theirs', () => {});\n`,
  });
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const result = scan(dir);
  assert.equal(result.status, 0, result.stderr);
  assert.match(result.stdout, /No focused tests/);
});
