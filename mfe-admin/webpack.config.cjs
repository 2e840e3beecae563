const { createWebpackConfig } = require('@meridian/shared/build/create-webpack-config');

module.exports = createWebpackConfig({ name: 'admin', dir: __dirname });
