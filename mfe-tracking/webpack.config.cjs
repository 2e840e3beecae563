const { createWebpackConfig } = require('@meridian/shared/build/create-webpack-config');

module.exports = createWebpackConfig({ name: 'tracking', dir: __dirname });
