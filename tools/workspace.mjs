// Install and build steps shared by `npm start` and `npm test`: each does only what is stale, so a
// second run reuses the previous install and build.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', '.data', 'coverage', 'test-results', 'playwright-report', '.git']);

/** Newest modification time of the files below `dir` (ignoring output folders). */
function newest(dir) {
  let max = 0;
  if (!existsSync(dir)) return 0;
  const st = statSync(dir);
  if (st.isFile()) return st.mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

function stale(output, inputs) {
  const out = path.join(root, output);
  if (!existsSync(out)) return true;
  const builtAt = statSync(out).mtimeMs;
  return inputs.some((i) => newest(path.join(root, i)) > builtAt);
}

function touch(file) {
  writeFileSync(file, new Date().toISOString() + '\n');
}

export function ensureInstalled() {
  const stamp = path.join(root, 'node_modules', '.fw-installed');
  const inputs = ['pnpm-lock.yaml', 'package.json', ...packages().map((p) => `${p}/package.json`)];
  if (!existsSync(stamp) || inputs.some((i) => newest(path.join(root, i)) > statSync(stamp).mtimeMs)) {
    console.log('» Installing dependencies (pnpm, pinned in package.json)…');
    const frozen = process.env.CI || existsSync(path.join(root, 'pnpm-lock.yaml')) ? ['--frozen-lockfile'] : [];
    if (pnpm(['install', ...frozen]) !== 0) throw new Error('pnpm install failed');
    touch(stamp);
  }
}

export function packages() {
  return readFileSync(path.join(root, 'pnpm-workspace.yaml'), 'utf8')
    .split('\n')
    .map((l) => l.match(/^\s*-\s*(\S+)/)?.[1])
    .filter(Boolean);
}

const FRONT_ENDS = ['shell', 'mf-dashboard', 'mf-devices', 'mf-tasks', 'mf-admin', 'mf-onboarding'];
const COMMON_INPUTS = [
  'shared',
  'locales/package.json',
  'tools/webpack.base.cjs',
  'tools/contract-surface.cjs',
  'tsconfig.base.json',
  'pnpm-lock.yaml',
];
const LOCALE_LANGUAGES = ['en', 'da', 'de', 'sv'];

/** Every .ts/.tsx file below `dir`. */
function sources(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

/**
 * The locale files a front end's build reads: the namespaces its own sources and shared's import
 * (`@fieldwatch/locales/<namespace>`), so a change of the tasks texts rebuilds mf-tasks, not the
 * dashboards.
 */
export function localeInputs(pkg) {
  const namespaces = new Set();
  for (const file of [...sources(path.join(root, pkg, 'src')), ...sources(path.join(root, 'shared', 'src'))])
    for (const m of readFileSync(file, 'utf8').matchAll(/@fieldwatch\/locales\/([a-z-]+)/g)) namespaces.add(m[1]);
  return [...namespaces].flatMap((ns) => [`locales/src/${ns}.ts`, ...LOCALE_LANGUAGES.map((l) => `locales/${l}/${ns}.json`)]);
}

/** Builds every part whose sources changed since its last build. */
export function ensureBuilt({ force = false } = {}) {
  const jobs = [
    ...FRONT_ENDS.map((p) => ({ name: p, output: `${p}/dist/.built`, inputs: [p, ...COMMON_INPUTS, ...localeInputs(p)] })),
    { name: 'server', output: 'server/dist/.built', inputs: ['server', 'shared', 'pnpm-lock.yaml'] },
  ];
  for (const job of jobs) {
    if (!force && !stale(job.output, job.inputs)) continue;
    console.log(`» Building ${job.name}…`);
    const started = Date.now();
    if (pnpm(['--filter', `@fieldwatch/${job.name}`, 'run', 'build']) !== 0) throw new Error(`Building ${job.name} failed`);
    touch(path.join(root, job.output));
    console.log(`  ${job.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 9)) {
    console.error(`Fieldwatch needs Node.js 20.9 or newer; this is ${process.versions.node}.`);
    process.exit(1);
  }
}
