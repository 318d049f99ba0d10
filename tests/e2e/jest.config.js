// Browser tests: the real server (dist/bin/server.js, built by `npm run build`) driven through Debian's chromium
// with playwright-core. Run with `npm run test:e2e` (which builds first); one file at a time (--runInBand).
const path = require('node:path');

module.exports = {
  rootDir: path.resolve(__dirname, '..', '..'),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: {
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  testTimeout: 60_000,
  reporters: ['default', ['<rootDir>/scripts/jest-summary-reporter.js', { label: 'e2e' }]],
};
