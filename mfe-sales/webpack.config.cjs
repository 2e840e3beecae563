const { createWebpackConfig } = require('@meridian/shared/build/create-webpack-config');

module.exports = createWebpackConfig({ name: 'sales', dir: __dirname });
