// Writes a brotli (.br, best quality) and a gzip (.gz, level 9) copy beside every compressible file of
// a built web folder, once at build time, so the server sends them as they are instead of compressing
// on every request. Source maps are left out: they are never served.
// Usage: node scripts/compress-web.mjs <dist folder> [...]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|webmanifest)$/;

/** Every file under `dir` a browser may fetch and that compresses (not maps, not earlier .br/.gz copies). */
export function compressibleFiles(dir) {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

const brotli = (content) =>
  zlib.brotliCompressSync(content, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
const gzip = (content) => zlib.gzipSync(content, { level: 9 });

/** Compresses every compressible file of `dir`; returns the files and their sizes (original, brotli, gzip). */
export function compressDir(dir) {
  return compressibleFiles(dir).map((file) => {
    const content = fs.readFileSync(file);
    const br = brotli(content);
    const gz = gzip(content);
    fs.writeFileSync(`${file}.br`, br);
    fs.writeFileSync(`${file}.gz`, gz);
    return { file, size: content.length, br: br.length, gz: gz.length };
  });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const dirs = process.argv.slice(2);
  if (!dirs.length) {
    console.error('usage: node scripts/compress-web.mjs <dist folder> [...]');
    process.exit(2);
  }
  for (const dir of dirs) {
    const written = compressDir(path.resolve(dir));
    const total = (key) => written.reduce((sum, f) => sum + f[key], 0);
    console.log(
      `compress-web: ${path.resolve(dir)}: ${written.length} files, ${total('size')} bytes -> br ${total('br')}, gzip ${total('gz')}`,
    );
  }
}
