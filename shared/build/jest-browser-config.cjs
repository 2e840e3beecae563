/**
 * The Jest configuration of every browser package (shell and remotes): jsdom, swc, the browser APIs
 * jsdom lacks, and CSS stubbed. A package's jest.config.cjs is one line calling this.
 */
const path = require('node:path');

function jestBrowserConfig() {
  return {
    testEnvironment: 'jsdom',
    // Jest leaves a core free by default, which on CI's two cores runs the suites one at a time.
    maxWorkers: '100%',
    // Typing tests (user-event, a key at a time) outlast Jest's 5 s when other work shares the two cores.
    testTimeout: 20_000,
    transform: { '^.+\\.(t|j)sx?$': [require.resolve('@swc/jest'), { jsc: { transform: { react: { runtime: 'automatic' } } } }] },
    testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
    setupFilesAfterEnv: [path.join(__dirname, '../src/testing/browser-test-setup.ts')],
    moduleNameMapper: {
      '\\.css$': require.resolve('identity-obj-proxy'),
      // @ant-design/icons pulls an ES-module-only file of @ant-design/colors; its CommonJS twin is identical.
      '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
    },
  };
}

module.exports = { jestBrowserConfig };
