// Runs every test of the workspace in order: the check for committed `.only` and the runner's own
// tests, lint (ESLint) and format (Prettier) checks, type checks, then each package's `test` script (Jest, the API suites on PGlite and
// PostgreSQL, Playwright), streaming their output. It closes with the time of each stage, the
// parts skipped for a missing server (PostgreSQL, Redis), and one line counting every test:
// "N passed, N failed, N skipped" (CI reads that last line).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/** Order matters: fast unit tests first, the browser last. */
const PACKAGES = ['shared', 'shell', 'mfe-admin', 'mfe-sales', 'mfe-comms', 'mfe-reports', 'mfe-tracking', 'mfe-vehicles', 'api', 'e2e'];

function run(command, args, cwd) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let output = '';
    const forward = (stream, target) =>
      stream.on('data', (chunk) => {
        output += chunk;
        target.write(chunk);
      });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Counts from the runners' own summaries: node:test (# pass / # fail / # skipped), Jest and Playwright. */
function counts(output) {
  const clean = output.replace(/\x1b\[[0-9;]*m/g, '');
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const m of clean.matchAll(/^# pass (\d+)$/gm)) passed += Number(m[1]);
  for (const m of clean.matchAll(/^# fail (\d+)$/gm)) failed += Number(m[1]);
  for (const m of clean.matchAll(/^# skipped (\d+)$/gm)) skipped += Number(m[1]);
  for (const m of clean.matchAll(/^Tests:\s+(?:(\d+) failed, )?(?:(\d+) skipped, )?(\d+) passed/gm)) {
    failed += Number(m[1] ?? 0);
    skipped += Number(m[2] ?? 0);
    passed += Number(m[3]);
  }
  const pw = clean.match(/^\s+(\d+) passed \(/m);
  if (pw) passed += Number(pw[1]);
  const pwFailed = clean.match(/^\s+(\d+) failed$/m);
  if (pwFailed) failed += Number(pwFailed[1]);
  const pwSkipped = clean.match(/^\s+(\d+) skipped$/m);
  if (pwSkipped) skipped += Number(pwSkipped[1]);
  return { passed, failed, skipped };
}

const seconds = (startedAt) => Math.round((Date.now() - startedAt) / 1000);
const clock = (s) => `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
/** Each stage's time, printed again at the end so the budget can be read at a glance. */
const stageTimes = [];

let passed = 0;
let failed = 0;
let skipped = 0;
let broken = [];
/** Parts a stage left out for a missing server, e.g. "PostgreSQL pass: skipped (no server at ...)". */
const serviceNotes = [];
const startedAt = Date.now();

/** A stage that is one command: its tests are counted, its time kept, a non-zero exit breaks the run. */
async function stage(name, command, args, cwd = root) {
  console.log(`\n== ${name} ==`);
  const stageStarted = Date.now();
  const result = await run(command, args, cwd);
  const c = counts(result.output);
  passed += c.passed;
  failed += c.failed;
  skipped += c.skipped;
  for (const m of result.output.matchAll(/^(?:PostgreSQL pass|Redis tests): .*$/gm)) serviceNotes.push(m[0]);
  if (result.code !== 0) broken.push(name);
  stageTimes.push([name, seconds(stageStarted)]);
  return { ...c, code: result.code, taken: seconds(stageStarted) };
}

// A committed .only turns the rest of its file off in Jest; Playwright refuses it with forbidOnly.
await stage('focused tests', process.execPath, ['scripts/find-focused-tests.mjs']);
const runnerTests = fs
  .readdirSync(path.join(root, 'scripts'))
  .filter((f) => f.endsWith('.test.mjs'))
  .map((f) => path.join('scripts', f));
await stage('runner', process.execPath, ['--test', ...runnerTests]);
// Lint and format come before the slower stages; their caches keep a rerun on an unchanged tree to a second or two.
await stage('lint', 'pnpm', ['exec', 'eslint', '.', '--cache', '--cache-location', 'node_modules/.cache/eslint/']);
await stage('format', 'pnpm', [
  'exec',
  'prettier',
  '--check',
  '.',
  '--cache',
  '--cache-location',
  'node_modules/.cache/prettier/.prettier-cache',
]);
await stage('type checks', 'pnpm', ['-r', '--workspace-concurrency=2', 'typecheck']);

for (const dir of PACKAGES) {
  const manifest = path.join(root, dir, 'package.json');
  if (!fs.existsSync(manifest) || !JSON.parse(fs.readFileSync(manifest, 'utf8')).scripts?.test) continue;
  const c = await stage(dir, 'pnpm', ['run', 'test'], path.join(root, dir));
  console.log(
    `-- ${dir}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped in ${clock(c.taken)}${c.code !== 0 ? ` (exit ${c.code})` : ''}`,
  );
}

console.log('\n== stage times ==');
for (const [name, taken] of stageTimes) console.log(`${name.padEnd(14)} ${clock(taken)}`);
console.log(`${'total'.padEnd(14)} ${clock(seconds(startedAt))}`);

console.log('');
if (broken.length) console.log(`Failing: ${broken.join(', ')}`);
for (const note of serviceNotes) console.log(note);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(broken.length || failed ? 1 : 0);
