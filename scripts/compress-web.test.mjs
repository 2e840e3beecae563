import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { compressDir } from './compress-web.mjs';

function builtFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-compress-'));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const script = 'console.log("a chunk");\n'.repeat(200);
  write('index.html', '<!doctype html><title>Meridian</title>');
  write('main.js', script);
  write('chunks/123.a49ea857.js', script);
  write('main.css', 'body { margin: 0 }');
  write('mf-manifest.json', '{"name":"shell"}');
  write('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('main.js.map', '{}');
  write('photo.png', 'not compressible');
  return { dir, script };
}

test('a brotli and a gzip copy are written beside every compressible file, not beside maps or images', () => {
  const { dir, script } = builtFolder();
  try {
    compressDir(dir);
    for (const file of ['index.html', 'main.js', 'chunks/123.a49ea857.js', 'main.css', 'mf-manifest.json', 'logo.svg']) {
      const original = fs.readFileSync(path.join(dir, file));
      assert.deepEqual(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, `${file}.br`))), original, `${file}.br`);
      assert.deepEqual(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${file}.gz`))), original, `${file}.gz`);
    }
    for (const file of ['main.js.map', 'photo.png']) {
      assert.equal(fs.existsSync(path.join(dir, `${file}.br`)), false, `${file} has no .br`);
      assert.equal(fs.existsSync(path.join(dir, `${file}.gz`)), false, `${file} has no .gz`);
    }
    assert.ok(fs.statSync(path.join(dir, 'main.js.br')).size < script.length / 10, 'the script is much smaller compressed');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('compressing again replaces the copies and does not compress the copies themselves', () => {
  const { dir } = builtFolder();
  try {
    compressDir(dir);
    fs.writeFileSync(path.join(dir, 'main.js'), 'console.log("rebuilt")');
    compressDir(dir);
    assert.equal(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'main.js.br'))).toString(), 'console.log("rebuilt")');
    assert.equal(fs.existsSync(path.join(dir, 'main.js.br.br')), false);
    assert.equal(fs.existsSync(path.join(dir, 'main.js.gz.gz')), false);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
