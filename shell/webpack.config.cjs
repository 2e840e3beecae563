const { createWebpackConfig } = require('@meridian/shared/build/create-webpack-config');

module.exports = createWebpackConfig({ name: 'shell', dir: __dirname, host: true });
