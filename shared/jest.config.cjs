// Node by default (the contract and rules run in the API too); UI tests opt into jsdom with a docblock.
module.exports = {
  // Jest leaves a core free by default, which on CI's two cores runs the suites one at a time.
  maxWorkers: '100%',
  // Typing tests (user-event, a key at a time) outlast Jest's 5 s when other work shares the two cores.
  testTimeout: 20_000,
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }] },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/browser-test-setup.ts'],
  moduleNameMapper: { '\\.css$': 'identity-obj-proxy', '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1' },
};
