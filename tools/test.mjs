#!/usr/bin/env node
// `npm test`: every test — typecheck, unit and component tests, server integration (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), then the Playwright journeys against the production build.
import { spawnSync } from 'node:child_process';
import { checkNode, ensureBuilt, ensureInstalled, root } from './workspace.mjs';
import { pnpm } from './pnpm.mjs';

checkNode();
const only = process.argv[2]; // optional: unit | e2e | typecheck
const step = (key, title, fn) => {
  if (only && key !== only) return;
  console.log(`\n━━ ${title} ━━`);
  const started = Date.now();
  const status = fn();
  console.log(`━━ ${title}: ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (status !== 0) process.exit(status);
};

if (only && !['typecheck', 'unit', 'e2e'].includes(only)) {
  console.error(`Unknown step "${only}": use typecheck, unit or e2e (or nothing for all).`);
  process.exit(2);
}
ensureInstalled();
step('typecheck', 'Typecheck', () => pnpm(['-r', '--workspace-concurrency=2', 'run', 'typecheck']));
step('unit', 'Unit, component and server integration tests', () =>
  pnpm(['exec', 'jest', '--config', 'jest.config.cjs', '--maxWorkers=2'], { cwd: root }),
);
step('e2e', 'End-to-end journeys (Playwright, Chromium)', () => {
  ensureBuilt();
  return spawnSync('node', ['tools/pnpm.mjs', '--filter', '@fieldwatch/e2e', 'run', 'test'], { stdio: 'inherit', cwd: root }).status ?? 1;
});
