// Runs every test of the workspace in order: type checks, then each package's `test` script
// (Jest, the API suites on PGlite and PostgreSQL, Playwright), streaming their output, and closes
// with one line counting every test: "N passed, N failed".
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
    const forward = (stream, target) => stream.on('data', (chunk) => { output += chunk; target.write(chunk); });
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
const startedAt = Date.now();

console.log('== type checks ==');
const typecheckStarted = Date.now();
const typecheck = await run('pnpm', ['-r', '--workspace-concurrency=2', 'typecheck'], root);
if (typecheck.code !== 0) broken.push('typecheck');
stageTimes.push(['type checks', seconds(typecheckStarted)]);

for (const dir of PACKAGES) {
  const manifest = path.join(root, dir, 'package.json');
  if (!fs.existsSync(manifest) || !JSON.parse(fs.readFileSync(manifest, 'utf8')).scripts?.test) continue;
  console.log(`\n== ${dir} ==`);
  const stageStarted = Date.now();
  const result = await run('pnpm', ['run', 'test'], path.join(root, dir));
  const c = counts(result.output);
  passed += c.passed;
  failed += c.failed;
  skipped += c.skipped;
  if (result.code !== 0) broken.push(dir);
  stageTimes.push([dir, seconds(stageStarted)]);
  console.log(`-- ${dir}: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped in ${clock(seconds(stageStarted))}${result.code !== 0 ? ` (exit ${result.code})` : ''}`);
}

console.log('\n== stage times ==');
for (const [stage, taken] of stageTimes) console.log(`${stage.padEnd(14)} ${clock(taken)}`);
console.log(`${'total'.padEnd(14)} ${clock(seconds(startedAt))}`);

if (broken.length) console.log(`\nFailing: ${broken.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(broken.length || failed ? 1 : 0);
