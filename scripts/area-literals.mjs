// Areas as data (issue 16): no permission string literal outside the area data files and tests.
// Scans the product's sources for a string literal equal to a known permission hierarchy and names
// each one with its file and line; exits 1 when any is found. Usage: node scripts/area-literals.mjs [root]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE_ROOTS = ['api/src', 'shared/src', 'shell/src'];
const ALLOWED = [/^shared\/src\/contract\/areas\//, /^shared\/src\/contract\/permissions\.ts$/];
const TEXT_MARK = /\/\/ area-literals: text\s*$/;
const IS_TEST = /(\.test\.[cm]?[jt]sx?$)|(-test-kit\.[jt]sx?$)|(\/testing\/)|(\/test\/)/;

/** The hierarchies of contract/permissions.ts: every quoted name of its lists, and the CREATE and EDIT variants. */
export function knownHierarchies(permissionsSource) {
  const names = new Set();
  const listsText = permissionsSource.split(/\n/).filter((line) => !line.trim().startsWith('*') && !line.trim().startsWith('//')).join('\n');
  for (const list of listsText.matchAll(/export const (\w+) = \[([\s\S]*?)\] as const;/g)) {
    for (const item of list[2].matchAll(/'([^']+)'/g)) names.add(item[1]);
    if (list[1] === 'PERMISSIONS_WITH_VARIANTS') {
      for (const item of list[2].matchAll(/'([^']+)'/g)) ['CREATE', 'EDIT'].forEach((v) => names.add(`${item[1]}/${v}`));
    }
  }
  return names;
}

/** The permission literals of one source text: [{ line, literal }]. */
export function findLiterals(text, known) {
  const found = [];
  const lines = text.split('\n');
  for (const match of text.matchAll(/(['"`])((?:(?!\1)[^\\\n$]|\\.)*)\1/g)) {
    if (!known.has(match[2])) continue;
    const line = text.slice(0, match.index).split('\n').length;
    // A screen title spelt as a permission ('Complaints') is marked as text on its line.
    if (!TEXT_MARK.test(lines[line - 1])) found.push({ line, literal: match[2] });
  }
  return found;
}

function sourceFiles(root) {
  const roots = [
    ...SOURCE_ROOTS,
    ...fs.readdirSync(root).filter((name) => name.startsWith('mfe-')).map((name) => `${name}/src`),
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

/** Every permission literal outside the area data and tests, as `file:line literal`. */
export function scan(root) {
  const known = knownHierarchies(fs.readFileSync(path.join(root, 'shared/src/contract/permissions.ts'), 'utf8'));
  return sourceFiles(root).flatMap((file) =>
    findLiterals(fs.readFileSync(path.join(root, file), 'utf8'), known).map(({ line, literal }) => `${file}:${line} '${literal}'`));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
  const found = scan(root);
  for (const hit of found) console.error(hit);
  if (found.length) {
    console.error(`${found.length} permission literal(s) outside shared/src/contract/areas: read them from the area data instead.`);
    process.exit(1);
  }
  console.log('No permission literal outside the area data.');
}
