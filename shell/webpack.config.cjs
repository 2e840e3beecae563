/**
 * Two builds into one dist folder:
 * - `shell`: the module-federation host (shell.js): federation runtime, router, antd frame, areas.
 * - `start`: the page's first script (start.js, named by index.html) and the sign-in page drawn alone,
 *   built without module federation. The federation plugin puts its runtime into every entry of its
 *   build, so the sign-in page, which every visitor downloads first, is a build of its own.
 * Each build cleans only its own files out of dist.
 */
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createWebpackConfig } = require('@meridian/shared/build/create-webpack-config');

const shellConfig = createWebpackConfig({ name: 'shell', dir: __dirname, host: true });

/** The start build's files: its entry, its chunks, index.html and what is made beside them (maps, .br/.gz copies). */
const START_FILE = /^(index\.html|start\.|sign-in\.)/;
const isStartFile = (file) => START_FILE.test(file);

module.exports = [
  (env, argv) => {
    const config = shellConfig(env, argv);
    return {
      ...config,
      name: 'shell',
      entry: { shell: './src/index.ts' },
      output: { ...config.output, clean: { keep: isStartFile } },
      // index.html is the start build's: it names start.js, which starts this build's shell.js.
      plugins: config.plugins.filter((plugin) => !(plugin instanceof HtmlWebpackPlugin)),
    };
  },
  (env, argv) => {
    const config = shellConfig(env, argv);
    const production = argv.mode !== 'development';
    return {
      ...config,
      name: 'start',
      entry: { start: './src/start.ts' },
      output: {
        ...config.output,
        chunkFilename: production ? 'sign-in.[name].[contenthash:8].js' : 'sign-in.[name].js',
        uniqueName: 'shell-start',
        clean: { keep: (file) => !isStartFile(file) },
      },
      cache: { ...config.cache, name: `start-${production ? 'prod' : 'dev'}` },
      plugins: config.plugins.filter((plugin) => !(plugin instanceof ModuleFederationPlugin)),
    };
  },
];
