#!/usr/bin/env node
// `npm test`: every test — typecheck, unit and component tests, server integration (PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set), then the Playwright journeys against the production build.
import { spawnSync } from 'node:child_process';
import { checkNode, ensureBuilt, ensureInstalled, root } from './workspace.mjs';
import { pnpm } from './pnpm.mjs';

checkNode();
const only = process.argv[2]; // optional: unit | e2e | typecheck
const step = (title, fn) => {
  if (only && !title.toLowerCase().startsWith(only)) return;
  console.log(`\n━━ ${title} ━━`);
  const started = Date.now();
  const status = fn();
  console.log(`━━ ${title}: ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (status !== 0) process.exit(status);
};

ensureInstalled();
step('Typecheck', () => pnpm(['-r', '--workspace-concurrency=1', 'run', 'typecheck']));
step('Unit, component and server integration tests', () =>
  pnpm(['exec', 'jest', '--config', 'jest.config.cjs', '--maxWorkers=2'], { cwd: root }),
);
step('End-to-end journeys (Playwright, Chromium)', () => {
  ensureBuilt();
  return spawnSync('node', ['tools/pnpm.mjs', '--filter', '@fieldwatch/e2e', 'run', 'test'], { stdio: 'inherit', cwd: root }).status ?? 1;
});
