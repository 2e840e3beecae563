/**
 * The API's import boundaries, read from the source: platform code (auth, db, http, mail, realtime,
 * tenancy) never imports a domain module (modules register what the platform needs, as API keys and
 * allow-lists do with the guard), and no module imports another module's route plugin file. And
 * the tenant subtree's SQL (`path like`) is written only in api/src/tenancy/, so that every scope
 * follows one rule (the seed and the migrations need none of their own: the seed uses the helper too).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../src');
const MODULES = path.join(SRC, 'modules');
const PLATFORM_DIRS = ['auth', 'db', 'http', 'mail', 'realtime', 'tenancy'];

interface SourceFile {
  file: string;
  text: string;
}

function sourceFilesUnder(dir: string): SourceFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => path.join(dir, name))
    .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
}

/** Every module specifier a file imports or re-exports, static or dynamic. */
function importSpecifiers(text: string): string[] {
  const found: string[] = [];
  const patterns = [/\bfrom\s+['"]([^'"]+)['"]/g, /\bimport\s+['"]([^'"]+)['"]/g, /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g];
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1]!);
  return found;
}

/** The absolute path (without extension) a relative specifier names; null for packages. */
const resolved = (file: string, specifier: string) =>
  specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier).replace(/\.(ts|js)$/, '') : null;

/** The module a path lies in ('leads' for src/modules/leads/...), or null outside src/modules. */
function moduleOf(absolute: string): string | null {
  const relative = path.relative(MODULES, absolute);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0] ?? null;
}

const shown = (file: string) => path.relative(SRC, file);

const TENANCY = path.join(SRC, 'tenancy');
/** A path compared with LIKE, in any case and spacing (`t.path like $1`, `PATH NOT LIKE`). */
const PATH_LIKE = /\bpath\s+(not\s+)?like\b/i;

/** Every file under api/src, whatever its kind (SQL may sit in any of them). */
function allFilesUnder(dir: string): SourceFile[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => fs.statSync(file).isFile())
    .map((file) => ({ file, text: fs.readFileSync(file, 'utf8') }));
}

function pathLikeOutsideTenancy(files: SourceFile[]): string[] {
  return files
    .filter(({ file }) => path.relative(TENANCY, file).startsWith('..'))
    .flatMap(({ file, text }) => text.split('\n').flatMap((line, i) => (PATH_LIKE.test(line) ? [`${shown(file)}:${i + 1}`] : [])));
}

function platformImportsOfModules(files: SourceFile[]): string[] {
  return files.flatMap(({ file, text }) =>
    importSpecifiers(text)
      .filter((specifier) => {
        const target = resolved(file, specifier);
        return target !== null && moduleOf(target) !== null;
      })
      .map((specifier) => `${shown(file)} imports ${specifier}`),
  );
}

function importsOfOtherModulesRoutes(files: SourceFile[]): string[] {
  return files.flatMap(({ file, text }) =>
    importSpecifiers(text)
      .filter((specifier) => {
        const target = resolved(file, specifier);
        if (target === null) return false;
        const targetModule = moduleOf(target);
        return targetModule !== null && targetModule !== moduleOf(file) && path.basename(target).endsWith('-routes');
      })
      .map((specifier) => `${shown(file)} imports ${specifier}`),
  );
}

describe('architecture boundaries', () => {
  test('no platform file (auth, db, http, mail, realtime, tenancy) imports a domain module', () => {
    const platform = PLATFORM_DIRS.flatMap((dir) => sourceFilesUnder(path.join(SRC, dir)));
    assert.ok(
      platform.some(({ file }) => file.endsWith(path.join('auth', 'guard.ts'))),
      'the guard is among the files read',
    );
    assert.deepEqual(platformImportsOfModules(platform), []);
  });

  test('no module imports a helper from another module’s route plugin file', () => {
    const modules = sourceFilesUnder(MODULES);
    assert.ok(modules.length > 20, 'the module files are read');
    assert.deepEqual(importsOfOtherModulesRoutes(modules), []);
  });

  test('the tenant subtree SQL (path like) is written only in api/src/tenancy/', () => {
    const files = allFilesUnder(SRC);
    assert.ok(
      files.some(({ file }) => file === path.join(TENANCY, 'subtree.ts')),
      'the subtree helper is among the files read',
    );
    assert.deepEqual(pathLikeOutsideTenancy(files), []);
  });

  test('the subtree check finds a hand-written filter in any case, and allows the helper', () => {
    const lead = path.join(MODULES, 'leads', 'lead-read.ts');
    const files = [
      { file: lead, text: 'const a = 1;\n  `select 1 from tenants t where t.PATH  Like $2`' },
      { file: path.join(SRC, 'seed', 'demo.ts'), text: "where ut.path not like t.path || '%'" },
      { file: path.join(TENANCY, 'subtree.ts'), text: '`select id from tenants where path like ${placeholder}`' },
      { file: lead, text: "where ${inScope('l.tenant_id', scope, p)} and l.search_text like $1" },
    ];
    assert.deepEqual(pathLikeOutsideTenancy(files), ['modules/leads/lead-read.ts:2', 'seed/demo.ts:1']);
  });

  test('the checks recognise the imports they forbid, and allow the ones they do not', () => {
    const guard = path.join(SRC, 'auth', 'guard.ts');
    const lead = path.join(MODULES, 'leads', 'lead-write.ts');
    const platform = [
      { file: guard, text: `import { apiKeyHash } from '../modules/api-users/api-keys';\nimport type { AppContext } from '../context';` },
    ];
    const modules = [
      { file: lead, text: `import { effectiveSettings } from "../settings/settings-routes";\nimport { leadPdf } from './lead-pdf';` },
      { file: lead, text: `const settings = await import('../settings/settings-routes.ts');` },
      { file: path.join(MODULES, 'agent', 'agent-day-routes.ts'), text: `import { MY_WORK } from './agent-routes';` },
      { file: lead, text: `import { ancestry } from '../tenants/tenant-read';` },
    ];
    assert.deepEqual(platformImportsOfModules(platform), ['auth/guard.ts imports ../modules/api-users/api-keys']);
    assert.deepEqual(importsOfOtherModulesRoutes(modules), [
      'modules/leads/lead-write.ts imports ../settings/settings-routes',
      'modules/leads/lead-write.ts imports ../settings/settings-routes.ts',
    ]);
  });
});
