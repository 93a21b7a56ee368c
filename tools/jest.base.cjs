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
    '^.+\\.(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
    ],
  },
  moduleNameMapper: {
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.css$': path.join(__dirname, 'jest.style-stub.cjs'),
  },
  ...overrides,
});
