// The lint and format stages refuse what they are there to refuse. Each fixture under
// scripts/fixtures/lint/ is linted as if it stood at the same path from the workspace root
// (fixtures/lint/mfe-sales/src/... as mfe-sales/src/...), so the boundaries of eslint.config.mjs
// apply to it; the workspace's own lint run ignores these deliberately wrong files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fixtures = path.join(root, 'scripts', 'fixtures', 'lint');
const eslint = new ESLint({ cwd: root });

/** The rules a fixture breaks, linted at the path it mimics. */
async function brokenRules(fixture) {
  const text = fs.readFileSync(path.join(fixtures, fixture), 'utf8');
  const [result] = await eslint.lintText(text, { filePath: path.join(root, fixture) });
  return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

async function assertRefused(fixture, expected) {
  const broken = await brokenRules(fixture);
  assert.ok(
    broken.some((line) => expected.test(line)),
    `${fixture} should be refused with ${expected}, got: ${broken.join('; ') || 'nothing'}`,
  );
}

test('a remote importing another remote fails, by path or by package name', async () => {
  await assertRefused('mfe-sales/src/clients/imports-another-remote.ts', /never imports another remote/);
  await assertRefused('mfe-sales/src/clients/imports-another-remote-by-name.ts', /never imports another remote/);
});

test('a remote importing the shell fails, and the shell importing a remote fails', async () => {
  await assertRefused('mfe-sales/src/clients/imports-the-shell.ts', /A remote never imports the shell/);
  await assertRefused('shell/src/remotes/imports-a-remote.ts', /shell never imports a remote statically/);
});

test('the API importing React fails; shared imports React only in its UI pieces', async () => {
  await assertRefused('api/src/modules/leads/imports-react.ts', /API never imports React/);
  await assertRefused('shared/src/contract/imports-react.ts', /Shared is framework-light/);
  assert.deepEqual(await brokenRules('shared/src/contract/imports-a-react-type.ts'), [], 'a type is erased, so it may be imported');
  assert.deepEqual(await brokenRules('shared/src/ui/imports-react.tsx'), []);
});

test('shared reaching a stateful module by a relative path fails, in its core and in its hooks', async () => {
  await assertRefused('shared/src/session/imports-the-session-store-by-path.ts', /imported by package name/);
  await assertRefused('shared/src/session/use-session-by-path.ts', /imported by package name/);
});

test('platform API code importing a domain module fails, as does a module importing another module’s routes', async () => {
  await assertRefused('api/src/auth/imports-a-module.ts', /Platform code never imports a domain module/);
  await assertRefused('api/src/modules/leads/imports-another-modules-routes.ts', /another module's route plugin file/);
});

test('the imports the architecture allows pass', async () => {
  assert.deepEqual(await brokenRules('mfe-sales/src/clients/allowed-imports.ts'), []);
  assert.deepEqual(await brokenRules('api/src/modules/leads/allowed-imports.ts'), []);
});

test('a missing hook dependency fails', async () => {
  await assertRefused('mfe-sales/src/clients/misses-a-hook-dependency.tsx', /^react-hooks\/exhaustive-deps: .*missing dependency: 'name'/);
});

test('the workspace lint run leaves the fixtures out', async () => {
  assert.equal(await eslint.isPathIgnored(path.join(fixtures, 'mfe-sales/src/clients/imports-another-remote.ts')), true);
});

test('a badly formatted file fails Prettier, a well formatted one passes', async () => {
  const formatted = async (fixture) => {
    const file = path.join(fixtures, fixture);
    const options = await prettier.resolveConfig(file);
    return prettier.check(fs.readFileSync(file, 'utf8'), { ...options, filepath: file });
  };
  assert.equal(await formatted('badly-formatted.ts'), false);
  assert.equal(await formatted('well-formatted.ts'), true);
});
