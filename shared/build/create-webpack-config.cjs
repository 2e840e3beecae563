/**
 * One webpack configuration for the shell and every remote, so module federation is set up in one
 * place: the same singletons (one copy of React, the router, zustand, antd and @meridian/shared in
 * the browser), swc for TypeScript and minification, and a filesystem cache.
 */
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');

const { execSync } = require('node:child_process');
const webpack = require('webpack');

const sharedPackageVersion = require('../package.json').version;
const rootPackage = require('../../package.json');

/** The build id: BUILD_ID when CI sets it, else the commit, else 'local'. */
function buildId() {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'local';
  }
}

/**
 * Libraries that must exist once in the browser. Subpaths ('react/', ...) are shared too.
 * A shared library is shared whole (webpack cannot tree-shake it), so what needs no single instance
 * is left out: @ant-design/icons shared would be 180 KB gzipped for the score of icons we draw,
 * while each area bundling only the icons it imports costs a few KB.
 */
function singletons() {
  const singleton = (requiredVersion) => ({ singleton: true, requiredVersion });
  const shared = {
    react: singleton('^19.0.0'),
    'react/': singleton('^19.0.0'),
    'react-dom': singleton('^19.0.0'),
    'react-dom/': singleton('^19.0.0'),
    'react-router': singleton('^7.0.0'),
    zustand: singleton('^5.0.0'),
    'react-hook-form': singleton('^7.0.0'),
    'zustand/': singleton('^5.0.0'),
    antd: singleton('^6.0.0'),
    '@ant-design/cssinjs': singleton('^2.0.0'),
    // antd's date pickers extend dayjs with plugins: a value made by a second copy would lack them.
    dayjs: singleton('^1.11.0'),
    // Every area's contracts parse with zod (about 23 KB compressed, not tree-shaken either way): one copy
    // for the shell and all remotes instead of one per area.
    zod: singleton('^4.0.0'),
    'dayjs/': singleton('^1.11.0'),
    // A workspace range is no semver: name the version explicitly.
    '@meridian/shared/': { singleton: true, version: sharedPackageVersion, requiredVersion: sharedPackageVersion },
  };
  return shared;
}

/**
 * @param {object} options
 * @param {string} options.name  federation name (shell, sales, admin, ...)
 * @param {string} options.dir   the package folder
 * @param {boolean} [options.host]  the shell: has index.html and no exposes
 * @param {object} [options.extraPlugins]
 */
function createWebpackConfig({ name, dir, host = false, extraPlugins = [] }) {
  return (env, argv) => {
    const production = argv.mode !== 'development';
    return {
      mode: production ? 'production' : 'development',
      entry: host ? { main: './src/index.ts' } : {},
      context: dir,
      // Production maps are kept beside the build for reading a reported stack, but no bundle names
      // them and the server refuses *.map. Development maps are inline, not eval'd: the product's
      // Content-Security-Policy (api/src/http/security-headers.ts) allows no eval in any build.
      devtool: production ? 'hidden-source-map' : 'inline-cheap-module-source-map',
      output: {
        path: path.join(dir, 'dist'),
        publicPath: host ? '/' : 'auto',
        // No [contenthash] in entry names: with webpack >= 5.111 it breaks the federation runtime
        // module (module-federation/core#5077). Entries are tiny and served with revalidation;
        // the split chunks, which hold the code, keep their content hash.
        filename: '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js', '.mjs'],
      },
      module: {
        rules: [
          {
            test: /\.(t|j)sx?$/,
            exclude: /node_modules/,
            use: {
              loader: require.resolve('swc-loader'),
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !production } },
                  target: 'es2022',
                },
              },
            },
          },
          { test: /\.css$/, use: [require.resolve('style-loader'), require.resolve('css-loader')] },
          { test: /\.(png|svg|jpg|gif)$/, type: 'asset' },
        ],
      },
      cache: {
        type: 'filesystem',
        cacheDirectory: path.join(dir, 'node_modules/.cache/webpack'),
        name: `${name}-${production ? 'prod' : 'dev'}`,
      },
      optimization: production
        ? { minimize: true, minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, terserOptions: { compress: { passes: 2 } } })] }
        : {},
      performance: { hints: false },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          ...(host ? { remotes: {} } : { exposes: { './module': './src/module.ts' } }),
          shared: singletons(),
          shareStrategy: 'loaded-first',
          manifest: true,
          dts: false,
          // Remotes use the shell's federation runtime instead of each shipping their own (~25 KB gzipped each).
          experiments: host ? { provideExternalRuntime: true } : { externalRuntime: true },
        }),
        new webpack.DefinePlugin({ __MERIDIAN_BUILD__: JSON.stringify({ version: rootPackage.version ?? '0.1.0', buildId: buildId() }) }),
        ...(host ? [new HtmlWebpackPlugin({ template: './src/index.html', scriptLoading: 'defer' })] : []),
        ...extraPlugins,
      ],
      stats: 'errors-warnings',
      // The federation plugin's shared-module classes cannot be cached to disk; webpack says so at
      // every build, and rebuilds them instead. Keep the log to real problems.
      infrastructureLogging: { level: 'error' },
    };
  };
}

module.exports = { createWebpackConfig };
