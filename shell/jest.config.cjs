module.exports = {
  testEnvironment: 'jsdom',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }] },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/src/**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    // @ant-design/icons pulls an ES-module-only file of @ant-design/colors; its CommonJS twin is identical.
    '^@ant-design/colors/es/(.*)$': '@ant-design/colors/lib/$1',
  },
};
