#!/usr/bin/env node
// `npm test`: every test — typecheck, lint, unit and component tests, server integration (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), then the Playwright journeys against the production build.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { checkNode, ensureBuilt, ensureInstalled, root } from './workspace.mjs';
import { pnpm } from './pnpm.mjs';

checkNode();
const JEST_JSON = path.join(root, 'node_modules/.cache/fw-jest-results.json');
const E2E_JSON = path.join(root, 'e2e/test-results/results.json');
for (const f of [JEST_JSON, E2E_JSON]) rmSync(f, { force: true });
mkdirSync(path.dirname(JEST_JSON), { recursive: true }); // absent in a fresh clone

/** The plain closing line CI reads: "N passed, N failed" over every runner of this run. */
function summary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(JEST_JSON)) {
    const j = JSON.parse(readFileSync(JEST_JSON, 'utf8'));
    passed += j.numPassedTests;
    failed += j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0);
    skipped += j.numPendingTests + j.numTodoTests;
  }
  if (existsSync(E2E_JSON)) {
    const e = JSON.parse(readFileSync(E2E_JSON, 'utf8')).stats;
    passed += e.expected + e.flaky;
    failed += e.unexpected;
    skipped += e.skipped;
  }
  console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}
const only = process.argv[2]; // optional: typecheck | lint | unit | e2e
const step = (key, title, fn) => {
  if (only && key !== only) return;
  console.log(`\n━━ ${title} ━━`);
  const started = Date.now();
  const status = fn();
  console.log(`━━ ${title}: ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (status !== 0) {
    summary();
    process.exit(status);
  }
};

if (only && !['typecheck', 'lint', 'unit', 'e2e'].includes(only)) {
  console.error(`Unknown step "${only}": use typecheck, lint, unit or e2e (or nothing for all).`);
  process.exit(2);
}
ensureInstalled();
step('typecheck', 'Typecheck', () => pnpm(['-r', '--workspace-concurrency=2', 'run', 'typecheck']));
// Lint is a test here: it keeps the rules the code cannot keep by itself (no import cycles, no
// remote importing another remote or the shell, hooks rules).
step('lint', 'Lint (import cycles, package boundaries, hooks)', () => pnpm(['exec', 'eslint', '.'], { cwd: root }));
step('unit', 'Unit, component and server integration tests', () =>
  pnpm(['exec', 'jest', '--config', 'jest.config.cjs', '--maxWorkers=2', '--json', `--outputFile=${JEST_JSON}`], { cwd: root }),
);
step('e2e', 'End-to-end journeys (Playwright, Chromium)', () => {
  ensureBuilt();
  return spawnSync('node', ['tools/pnpm.mjs', '--filter', '@fieldwatch/e2e', 'run', 'test'], { stdio: 'inherit', cwd: root }).status ?? 1;
});
summary();
