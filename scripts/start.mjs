// `npm start`: install, build and run the product, doing only the work a change calls for. A
// restart on an unchanged checkout skips the install and the web build (each guarded by a stamp of
// its inputs), rebuilds the API bundle (a fraction of a second) and runs it as plain JavaScript.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const startedAt = Date.now();
const WORKSPACE_DIRS = fs.readdirSync(root).filter((dir) => fs.existsSync(path.join(root, dir, 'package.json')));
/** The packages `pnpm run build:web` builds: the shell and every remote. */
const WEB_DIRS = WORKSPACE_DIRS.filter((dir) => dir === 'shell' || dir.startsWith('mfe-'));
const INSTALL_STAMP = path.join(root, 'node_modules', '.meridian-install-stamp');
/** Outside dist/: whatever is in dist/ is served to browsers and listed for offline use. */
const buildStampOf = (dir) => path.join(root, dir, 'node_modules', '.cache', 'meridian-build-stamp.json');

function run(command, args, cwd = root) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });
}

async function must(command, args, cwd) {
  const code = await run(command, args, cwd);
  if (code !== 0) {
    console.error(`start: \`${[command, ...args].join(' ')}\` failed (exit ${code})`);
    process.exit(code);
  }
}

/** Folders no build reads, left out of a walk: installed packages, built output, reports. */
const NOT_WALKED = new Set(['node_modules', 'dist', 'coverage', '.git']);

/** Every file under `dir` (paths relative to it, sorted), not descending into the `skipped` folders. */
function filesUnder(dir, skipped = NOT_WALKED, prefix = '') {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const relative = path.join(prefix, entry.name);
      if (entry.isDirectory()) return skipped.has(entry.name) ? [] : filesUnder(path.join(dir, entry.name), skipped, relative);
      return entry.isFile() ? [relative] : [];
    })
    .sort();
}

/** Tests are no build input: changing one does not call for a rebuild. */
const buildInputsUnder = (dir) => filesUnder(dir).filter((file) => !/\.(test|spec)\.[cm]?[jt]sx?$|(^|[/\\])jest\.config\.c?js$/.test(file));

function hashFiles(hash, base, files) {
  for (const file of files) {
    hash.update(`\0${path.relative(root, path.join(base, file))}\0`);
    hash.update(fs.readFileSync(path.join(base, file)));
  }
}

/** Fingerprint of the install's inputs: the lockfile, the workspace layout and every manifest. */
function installInputs() {
  const hash = crypto.createHash('sha256');
  hashFiles(
    hash,
    root,
    ['pnpm-lock.yaml', 'pnpm-workspace.yaml', '.npmrc'].filter((f) => fs.existsSync(path.join(root, f))),
  );
  hashFiles(
    hash,
    root,
    WORKSPACE_DIRS.map((dir) => path.join(dir, 'package.json')),
  );
  return hash.digest('hex');
}

const installed = () =>
  fs.existsSync(INSTALL_STAMP) &&
  fs.readFileSync(INSTALL_STAMP, 'utf8') === installInputs() &&
  WORKSPACE_DIRS.every((dir) => fs.existsSync(path.join(root, dir, 'node_modules')));

/**
 * Fingerprint of a web package's inputs: its own sources and configuration, the shared package it
 * bundles, the locked dependency versions, the product version and BUILD_ID it stamps in.
 */
function webInputs(dir) {
  const hash = crypto.createHash('sha256');
  hashFiles(hash, path.join(root, dir), buildInputsUnder(path.join(root, dir)));
  hashFiles(hash, path.join(root, 'shared'), buildInputsUnder(path.join(root, 'shared')));
  hashFiles(hash, root, ['pnpm-lock.yaml', 'package.json']);
  hash.update(`\0BUILD_ID=${process.env.BUILD_ID ?? ''}`);
  return hash.digest('hex');
}

/** Sizes and times of the built files: a build by other means (`npm run dev`, build:web) changes it. */
function distFingerprint(dir) {
  const dist = path.join(root, dir, 'dist');
  const hash = crypto.createHash('sha256');
  for (const file of filesUnder(dist, new Set())) {
    const stat = fs.statSync(path.join(dist, file));
    hash.update(`${file}\0${stat.size}\0${stat.mtimeMs}\0`);
  }
  return hash.digest('hex');
}

function readStamp(dir) {
  try {
    return JSON.parse(fs.readFileSync(buildStampOf(dir), 'utf8'));
  } catch {
    return null;
  }
}

function writeStamp(dir, inputs) {
  fs.mkdirSync(path.dirname(buildStampOf(dir)), { recursive: true });
  fs.writeFileSync(buildStampOf(dir), JSON.stringify({ inputs, dist: distFingerprint(dir) }));
}

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

async function install() {
  if (installed()) return console.log('start: dependencies up to date, install skipped');
  await must('pnpm', ['install', '--frozen-lockfile']);
  fs.writeFileSync(INSTALL_STAMP, installInputs());
}

async function buildWeb() {
  const inputs = Object.fromEntries(WEB_DIRS.map((dir) => [dir, webInputs(dir)]));
  const stale = WEB_DIRS.filter((dir) => {
    const stamp = readStamp(dir);
    return !stamp || stamp.inputs !== inputs[dir] || stamp.dist !== distFingerprint(dir);
  });
  if (!stale.length) return console.log('start: web application up to date, build skipped');
  console.log(`start: building ${stale.join(', ')}`);
  const filters = stale.flatMap((dir) => ['--filter', `./${dir}`]);
  await must('pnpm', [...filters, '--workspace-concurrency=2', 'run', 'build']);
  for (const dir of stale) writeStamp(dir, inputs[dir]);
}

async function serve() {
  const api = path.join(root, 'api');
  // The bundle takes well under a second; always rebuilding it is simpler than tracking its inputs.
  await must(process.execPath, ['scripts/build.mjs'], api);
  console.log(`start: install and builds checked in ${seconds(startedAt)}; starting the server`);
  const server = spawn(process.execPath, ['dist/main.js'], { cwd: api, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('close', (code) => process.exit(code ?? 1));
}

await install();
await buildWeb();
await serve();
