// Finds tests focused with `.only` (test.only, it.only, describe.only, Jest's fit/fdescribe and
// node:test's { only: true }). A committed `.only` silently turns every other test of its file off
// in Jest, and would in node:test under --test-only; Playwright has forbidOnly, the others no such
// switch, so the test runner fails on what this finds.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const TEST_FILE = /\.(test|spec)\.[cm]?[jt]sx?$/;
const FOCUSED = /\b(?:test|it|describe)\.only\s*\(|\b(?:fit|fdescribe)\s*\(|\bonly\s*:\s*true\b/;
/** Installed packages, build output, test artefacts and data: no committed test lives there. */
const NOT_WALKED = /^(node_modules|dist|coverage|playwright-report|test-results.*|\..+)$/;

function testFilesUnder(dir, topLevel) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // The root's data/ is the embedded database of `npm start`.
      if (NOT_WALKED.test(entry.name) || (topLevel && entry.name === 'data')) return [];
      return testFilesUnder(full, false);
    }
    return entry.isFile() && TEST_FILE.test(entry.name) ? [full] : [];
  });
}

/** Every focused test under `root`, as { file (relative to root), line (1-based), text }. */
export function findFocusedTests(root) {
  return testFilesUnder(root, true).flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((text, index) => (FOCUSED.test(text) ? [{ file: path.relative(root, file), line: index + 1, text: text.trim() }] : [])),
  );
}

/** `node scripts/find-focused-tests.mjs [dir]`: names each focused test and exits 1 when there is one. */
function main(root) {
  const found = findFocusedTests(root);
  for (const { file, line, text } of found) console.error(`${file}:${line}: focused test (remove the .only): ${text}`);
  console.log(
    found.length ? `${found.length} focused test(s): a committed .only hides every other test of its file` : 'No focused tests (.only)',
  );
  process.exit(found.length ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main(path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..')));
}
