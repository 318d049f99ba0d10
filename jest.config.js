// Two projects: the server (node) and the web client (jsdom). Both compile TypeScript with SWC;
// the server keeps legacy decorators + metadata (TypeORM, inversify), the web does not use decorators.
const swcServer = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
const swcWeb = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];
// ESM-only packages that Jest must compile to CommonJS.
const esmPackages = ['openid-client', 'oauth4webapi', 'jose', 'inversify', '@inversifyjs', 'ical\\.js'].join('|');

module.exports = {
  reporters: ['default', ['<rootDir>/scripts/jest-summary-reporter.js', { label: 'jest' }]],
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/domain', '<rootDir>/application', '<rootDir>/adapters', '<rootDir>/config', '<rootDir>/tests', '<rootDir>/bin', '<rootDir>/content'],
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/', '<rootDir>/tests/e2e/'],
      transform: { '^.+\\.(t|j)sx?$': swcServer },
      transformIgnorePatterns: [`/node_modules/(?!(${esmPackages})/)`],
      setupFiles: ['reflect-metadata'],
    },
    {
      displayName: 'web',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/web/src'],
      testMatch: ['**/*.test.ts', '**/*.test.tsx'],
      transform: { '^.+\\.(t|j)sx?$': swcWeb },
      moduleNameMapper: { '\\.(css|svg|png|jpg|webp)$': '<rootDir>/web/test/file-stub.js' },
      setupFilesAfterEnv: ['<rootDir>/web/test/setup.ts'],
    },
  ],
};
