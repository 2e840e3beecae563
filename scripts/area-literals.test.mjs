// Areas as data: no permission string literal outside the area data files and tests (scripts/area-literals.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findLiterals, knownHierarchies, scan } from './area-literals.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const known = knownHierarchies(fs.readFileSync(path.join(root, 'shared/src/contract/permissions.ts'), 'utf8'));

test('the product names no permission outside the area data files and tests', () => {
  assert.deepEqual(scan(root), []);
});

test('the scanner knows the hierarchies, variants included', () => {
  for (const hierarchy of ['ADMIN/USERS', 'SALES/LEADS/EDIT', 'Complaints/CREATE', 'TRACKING/MAP', 'VEHICLES/BIDS']) assert.ok(known.has(hierarchy), hierarchy);
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
