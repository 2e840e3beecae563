// Builds the API for `npm start`: one ES module, dist/main.js, with the API's own sources and
// @meridian/shared (TypeScript, which Node cannot load) bundled in, and every package the API
// depends on left to node_modules. Running compiled JavaScript instead of the tsx loader starts in
// a fraction of the time and memory; `npm run dev` and the tests keep tsx.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outfile = path.join(apiRoot, 'dist', 'main.js');
const manifest = JSON.parse(fs.readFileSync(path.join(apiRoot, 'package.json'), 'utf8'));

// esbuild is already installed as tsx's own dependency; resolving it through tsx avoids a second
// copy (and a new entry in the lockfile) for a build step that is a single call.
const esbuild = createRequire(createRequire(path.join(apiRoot, 'package.json')).resolve('tsx/package.json'))('esbuild');

/** Native, WebAssembly and plain npm packages stay in node_modules; only the workspace's TypeScript is bundled. */
const external = Object.keys(manifest.dependencies)
  .filter((name) => !name.startsWith('@meridian/'))
  .flatMap((name) => [name, `${name}/*`]);

/**
 * Sources find files beside them through import.meta.url (the migrations, the repository root).
 * Bundled, that would be dist/main.js's address; pin it to each source file's own address, written
 * relative to the bundle so the checkout can still be moved.
 */
const keepSourceLocation = {
  name: 'keep-source-location',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(path.dirname(outfile), args.path).split(path.sep).join('/');
      const pinned = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', pinned), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

const startedAt = Date.now();
await esbuild.build({
  entryPoints: [path.join(apiRoot, 'src', 'main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  keepNames: true,
  sourcemap: 'linked',
  // Bundled CommonJS code (from @meridian/shared's dependencies) may still call require().
  banner: { js: "import { createRequire as __meridianRequire } from 'node:module'; const require = __meridianRequire(import.meta.url);" },
  plugins: [keepSourceLocation],
  logLevel: 'warning',
});
console.log(`api: ${path.relative(process.cwd(), outfile) || outfile} built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
