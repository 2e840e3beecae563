/**
 * The tracking remote: the shared configuration, with its screens' common code (texts, paths, the map
 * hook, the status dot) split out once instead of copied into each screen's chunk, as the sales remote
 * does. Leaflet's drawing plugin (geoman) stays in a chunk of its own, loaded by the geofence editor.
 */
const { createWebpackConfig } = require('@meridian/shared/build/create-webpack-config');

const sharedConfig = createWebpackConfig({ name: 'tracking', dir: __dirname });

/** Code two screens share becomes its own chunk once it is worth a request of its own (before compression). */
const SHARED_PART_MIN_BYTES = 2_000;

module.exports = (env, argv) => {
  const config = sharedConfig(env, argv);
  if (argv.mode === 'development') return config;
  return {
    ...config,
    optimization: {
      ...config.optimization,
      splitChunks: { chunks: 'async', minSize: SHARED_PART_MIN_BYTES, minChunks: 2, maxAsyncRequests: 30 },
    },
  };
};
