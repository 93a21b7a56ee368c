// Server tests: Node environment, TypeScript through swc.
//
// A few dependencies load modules with dynamic import() (PGlite: Node built-ins; @fastify/cookie:
// the ESM-only `cookie` package) or ship ES modules only (typebox, the shared contract's schemas).
// Jest's sandbox cannot run import() without --experimental-vm-modules, so those packages are
// transformed too: swc's CommonJS output turns import() into require() and ESM into CommonJS.
// Everything else in node_modules is left alone.
// openid-client (and its oauth4webapi and jose) and the tests' oidc-provider are ES modules only.
const ESM_OR_DYNAMIC_IMPORT = ['@electric-sql/pglite', '@fastify/cookie', 'cookie', 'typebox', 'openid-client', 'oauth4webapi', 'jose', 'oidc-provider'];
const pkgs = ESM_OR_DYNAMIC_IMPORT.map((p) => p.replace('/', '\\/')).join('|');

const swc = (syntax) => [
  '@swc/jest',
  { jsc: { parser: { syntax }, target: 'es2022' }, module: { type: 'commonjs', ignoreDynamic: false } },
];

module.exports = {
  rootDir: __dirname,
  displayName: 'server',
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  transform: {
    [`/node_modules/(${pkgs})/.+\\.[cm]?js$`]: swc('ecmascript'),
    '^.+\\.tsx?$': swc('typescript'),
  },
  // @fieldwatch/shared is reached through a pnpm symlink but resolves to /work/main/shared/src
  // (outside node_modules), so it is transformed like the server's own sources.
  transformIgnorePatterns: [`/node_modules/(?!(\\.pnpm/[^/]+/node_modules/)?(${pkgs})/)`],
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
};
