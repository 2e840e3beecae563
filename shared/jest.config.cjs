// Node by default (the contract and rules run in the API too); UI tests opt into jsdom with a docblock.
module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }] },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/browser-test-setup.ts'],
  moduleNameMapper: { '\\.css$': 'identity-obj-proxy', '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1' },
};
