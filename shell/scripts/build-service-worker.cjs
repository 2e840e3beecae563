// Builds the service worker (service-worker/service-worker.ts) into dist/sw.js, beside the shell's
// bundle, after webpack: it runs in its own scope, without the federation runtime, so it is not a
// webpack entry. swc strips the types and minifies.
const fs = require('node:fs');
const path = require('node:path');
const { transformFileSync } = require('@swc/core');

const root = path.resolve(__dirname, '..');
const { code } = transformFileSync(path.join(root, 'service-worker', 'service-worker.ts'), {
  jsc: { parser: { syntax: 'typescript' }, target: 'es2022', minify: { compress: true, mangle: true } },
  minify: true,
  module: { type: 'es6' },
  swcrc: false,
});
fs.writeFileSync(path.join(root, 'dist', 'sw.js'), code);
console.log(`service worker: dist/sw.js (${code.length} bytes)`);
