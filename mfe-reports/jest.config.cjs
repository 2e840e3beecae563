module.exports = require('@meridian/shared/build/jest-browser-config').jestBrowserConfig();
