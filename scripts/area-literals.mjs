// Areas as data (issue 16): no permission string literal outside the area data files and tests, and
// no screen path written twice. Scans the product's sources for a string literal equal to a known
// permission hierarchy or to a screen path of an area resource (params included as written) and names
// each one with its file and line; exits 1 when any is found. Usage: node scripts/area-literals.mjs [root]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_ROOTS = ['api/src', 'shared/src', 'shell/src'];
const AREAS_DIR = 'shared/src/contract/areas';
const ALLOWED = [/^shared\/src\/contract\/areas\//, /^shared\/src\/contract\/permissions\.ts$/];
// The API serves API paths, some of which equal a screen's ('/clients/phone-book'): it has no screens.
const WITHOUT_SCREENS = /^api\/src\//;
// The home screen's '/' is also the path separator every path helper splits and joins on.
const NOT_A_SCREEN_LITERAL = new Set(['/']);
const COMMENT_LINE = /^\s*(\*|\/\/|\/\*)/;
const TEXT_MARK = /\/\/ area-literals: text\s*$/;
const IS_TEST = /(\.test\.[cm]?[jt]sx?$)|(-test-kit\.[jt]sx?$)|(\/testing\/)|(\/test\/)/;

/** The hierarchies of contract/permissions.ts: every quoted name of its lists, and the CREATE and EDIT variants. */
export function knownHierarchies(permissionsSource) {
  const names = new Set();
  const listsText = permissionsSource
    .split(/\n/)
    .filter((line) => !line.trim().startsWith('*') && !line.trim().startsWith('//'))
    .join('\n');
  for (const list of listsText.matchAll(/export const (\w+) = \[([\s\S]*?)\] as const;/g)) {
    for (const item of list[2].matchAll(/'([^']+)'/g)) names.add(item[1]);
    if (list[1] === 'PERMISSIONS_WITH_VARIANTS') {
      for (const item of list[2].matchAll(/'([^']+)'/g)) ['CREATE', 'EDIT'].forEach((v) => names.add(`${item[1]}/${v}`));
    }
  }
  return names;
}

/** The body of each `screens: { ... }` object of an area source, braces matched. */
function screensObjects(areaSource) {
  const bodies = [];
  for (const start of areaSource.matchAll(/\bscreens:\s*\{/g)) {
    let depth = 0;
    let end = start.index + start[0].length - 1;
    for (; end < areaSource.length; end += 1) {
      if (areaSource[end] === '{') depth += 1;
      else if (areaSource[end] === '}' && (depth -= 1) === 0) break;
    }
    bodies.push(areaSource.slice(start.index + start[0].length, end));
  }
  return bodies;
}

/** The screen paths of the area sources (contract/areas/*.ts): every `key: '/path'` of their `screens` objects. */
export function knownScreenPaths(areaSources) {
  const paths = new Set();
  for (const source of areaSources) {
    for (const body of screensObjects(source)) for (const entry of body.matchAll(/\w+\s*:\s*'([^']+)'/g)) paths.add(entry[1]);
  }
  NOT_A_SCREEN_LITERAL.forEach((path) => paths.delete(path));
  return paths;
}

/** The literals of one source text equal to a known name (a permission, a screen path): [{ line, literal }]. */
export function findLiterals(text, known) {
  const found = [];
  const lines = text.split('\n');
  for (const match of text.matchAll(/(['"`])((?:(?!\1)[^\\\n$]|\\.)*)\1/g)) {
    if (!known.has(match[2])) continue;
    const line = text.slice(0, match.index).split('\n').length;
    // A doc comment may quote one as an example; a screen title spelt as a permission ('Complaints') is marked as text on its line.
    if (!COMMENT_LINE.test(lines[line - 1]) && !TEXT_MARK.test(lines[line - 1])) found.push({ line, literal: match[2] });
  }
  return found;
}

function sourceFiles(root) {
  const roots = [
    ...SOURCE_ROOTS,
    ...fs
      .readdirSync(root)
      .filter((name) => name.startsWith('mfe-'))
      .map((name) => `${name}/src`),
  ].filter((dir) => fs.existsSync(path.join(root, dir)));
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.(ts|tsx|mts|cts|js|mjs)$/.test(entry.name)) files.push(rel);
    }
  };
  roots.forEach(walk);
  return files.filter((file) => !IS_TEST.test(file) && !ALLOWED.some((allowed) => allowed.test(file)));
}

function areaSources(root) {
  return fs
    .readdirSync(path.join(root, AREAS_DIR))
    .filter((name) => name.endsWith('.ts') && !IS_TEST.test(name))
    .map((name) => fs.readFileSync(path.join(root, AREAS_DIR, name), 'utf8'));
}

const hitsIn = (root, files, known) =>
  files.flatMap((file) =>
    findLiterals(fs.readFileSync(path.join(root, file), 'utf8'), known).map(({ line, literal }) => `${file}:${line} '${literal}'`),
  );

/** Every permission literal outside the area data and tests, as `file:line literal`. */
export function scan(root) {
  const known = knownHierarchies(fs.readFileSync(path.join(root, 'shared/src/contract/permissions.ts'), 'utf8'));
  return hitsIn(root, sourceFiles(root), known);
}

/** Every screen path written outside the area data and tests (and the API, which has no screens), as `file:line literal`. */
export function scanScreenPaths(root) {
  return hitsIn(
    root,
    sourceFiles(root).filter((file) => !WITHOUT_SCREENS.test(file)),
    knownScreenPaths(areaSources(root)),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const permissions = scan(root);
  const screenPaths = scanScreenPaths(root);
  for (const hit of [...permissions, ...screenPaths]) console.error(hit);
  if (permissions.length)
    console.error(`${permissions.length} permission literal(s) outside shared/src/contract/areas: read them from the area data instead.`);
  if (screenPaths.length)
    console.error(`${screenPaths.length} screen path(s) outside shared/src/contract/areas: read them from the area's screens (pathTo).`);
  if (permissions.length || screenPaths.length) process.exit(1);
  console.log('No permission literal and no screen path outside the area data.');
}
