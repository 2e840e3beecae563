/**
 * The sales remote: the shared configuration, with its screens' common code split out once instead
 * of copied into each screen's chunk. Every screen is a lazily loaded page (module.ts's routes), and
 * many share the same parts (the person picker, the date field, the texts, the icons' runtime):
 * webpack's default leaves anything under 20 KB copied into every chunk that needs it, which made the
 * area's code about a third larger. Maps, their basemap and the schema library stay in chunks of
 * their own, loaded by the pages that draw or validate with them.
 */
const { createWebpackConfig } = require('@meridian/shared/build/create-webpack-config');

const sharedConfig = createWebpackConfig({ name: 'sales', dir: __dirname });

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
