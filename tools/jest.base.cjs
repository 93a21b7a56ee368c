// One jest setup for every browser-side package: swc for TypeScript/TSX, jsdom, CSS modules as
// identity proxies, workspace packages resolved to their TypeScript sources.
const path = require('node:path');
module.exports = (dir, overrides = {}) => ({
  // The folder's name, so `jest --selectProjects shared shell …` can pick packages.
  displayName: path.basename(dir),
  rootDir: dir,
  testEnvironment: 'jsdom',
  setupFiles: [path.join(__dirname, 'jest.setup.cjs')],
  testMatch: ['<rootDir>/{src,test}/**/*.test.{ts,tsx}'],
  transform: {
    // typebox (the contract's schemas) ships ES modules only; jest runs CommonJS.
    '/node_modules/typebox/.+\\.mjs$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } }],
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?typebox/)'],
  moduleNameMapper: {
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': path.join(__dirname, 'jest.style-stub.cjs'),
  },
  ...overrides,
});
