// Areas as data: no permission string literal and no screen path outside the area data files and tests (scripts/area-literals.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findLiterals, knownHierarchies, knownScreenPaths, scan, scanScreenPaths } from './area-literals.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const known = knownHierarchies(fs.readFileSync(path.join(root, 'shared/src/contract/permissions.ts'), 'utf8'));

test('the product names no permission outside the area data files and tests', () => {
  assert.deepEqual(scan(root), []);
});

test('the scanner knows the hierarchies, variants included', () => {
  for (const hierarchy of ['ADMIN/USERS', 'SALES/LEADS/EDIT', 'Complaints/CREATE', 'TRACKING/MAP', 'VEHICLES/BIDS'])
    assert.ok(known.has(hierarchy), hierarchy);
});

test('the scanner finds a literal in any quoting, and leaves other strings and marked titles alone', () => {
  const fixture = [
    "const READERS = { permissions: ['SALES/LEADS'] };",
    'const b = "ADMIN/USERS"; const c = `CLIENTS/EDIT`;',
    "const title = 'Leads'; const path = '/sales/leads';",
    "const heading = 'Complaints'; // area-literals: text",
  ].join('\n');
  assert.deepEqual(findLiterals(fixture, known), [
    { line: 1, literal: 'SALES/LEADS' },
    { line: 2, literal: 'ADMIN/USERS' },
    { line: 2, literal: 'CLIENTS/EDIT' },
  ]);
});

test('no screen path is written outside the area data files and tests', () => {
  assert.deepEqual(scanScreenPaths(root), []);
});

test('the scanner knows the screen paths of every area, params as written, but not the bare slash of home', () => {
  const areasDir = path.join(root, 'shared/src/contract/areas');
  const paths = knownScreenPaths(
    fs
      .readdirSync(areasDir)
      .filter((name) => !name.includes('.test.'))
      .map((name) => fs.readFileSync(path.join(areasDir, name), 'utf8')),
  );
  for (const screen of [
    '/login',
    '/agents/landingpage',
    '/sales/leads',
    '/sales/leads/edit/:id',
    '/csv/upload/:model?',
    '/profile/change-password',
  ]) {
    assert.ok(paths.has(screen), screen);
  }
  assert.ok(!paths.has('/'));
  assert.ok(!paths.has('/leads'), 'an API path is no screen path');
});

test('the scanner finds a screen path in code and leaves other paths and doc comments alone', () => {
  const known = knownScreenPaths([
    "export const leads = resource({ screens: {\n  list: '/sales/leads', edit: '/sales/leads/edit/:id' },\n  api: { list: '/leads' } });",
  ]);
  const fixture = [
    'const back = <Link to="/sales/leads">Back</Link>;',
    "const api = '/leads'; const other = '/sales/leads/edit/42';",
    " * e.g. '/sales/leads/edit/:id'",
    "navigate('/sales/leads/edit/:id');",
  ].join('\n');
  assert.deepEqual(findLiterals(fixture, known), [
    { line: 1, literal: '/sales/leads' },
    { line: 4, literal: '/sales/leads/edit/:id' },
  ]);
});
