#!/usr/bin/env node
// Runs every server test on its own (`jest <file> -t '^<full name>$'`), the way a developer runs the
// one test they are working on, and reports each test that fails alone. A test that passes in the
// whole file but fails alone leans on state an earlier test left behind: its fixture belongs in a
// `beforeAll`. Slow (one jest start per test): not part of `npm test`; run it after changing how
// a server test file sets itself up.
//
//   node tools/isolation.mjs [file-substring ...] [--jobs=N] [--every=K]
//
// --every=K runs every K-th test of each file, and always its first and last (for files of many
// generated, same-shaped tests, such as the fuzz and tenancy walks, where one jest start per test
// takes the better part of an hour).
//
// Writes the figures to node_modules/.cache/fw-isolation.json and exits 1 if any test failed alone.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './workspace.mjs';

const args = process.argv.slice(2);
const jobs = Number(args.find((a) => a.startsWith('--jobs='))?.slice(7) ?? 2);
const every = Math.max(1, Number(args.find((a) => a.startsWith('--every='))?.slice(8) ?? 1));
const filters = args.filter((a) => !a.startsWith('--'));
const cache = path.join(root, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const jest = path.join(root, 'node_modules/.bin/jest');

// 1. Every test's full name, without running any: a pattern that matches nothing skips them all
//    (and their hooks), and the JSON still lists them.
const listing = path.join(cache, 'fw-isolation-list.json');
rmSync(listing, { force: true });
spawnSync(
  jest,
  ['--selectProjects', 'server', '-t', '^fw-isolation-matches-no-test$', '--json', `--outputFile=${listing}`, ...filters],
  { cwd: root, stdio: 'ignore' },
);
const suites = JSON.parse(readFileSync(listing, 'utf8')).testResults;
const cases = suites.flatMap((s) =>
  s.assertionResults
    .map((a) => ({ file: path.relative(root, s.name), name: a.fullName }))
    .filter((_, i, all) => i % every === 0 || i === all.length - 1),
);
const sampled = every > 1 ? ` (every ${every}th of each file, and its last)` : '';
console.log(`${cases.length} tests in ${suites.length} files${sampled}; ${jobs} at a time`);

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
function runAlone(c) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(
      jest,
      [c.file, '--selectProjects', 'server', '-t', `^${escape(c.name)}$`, '--json', '--silent'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('close', () => {
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      let message = '';
      try {
        const j = JSON.parse(out);
        passed = j.numPassedTests;
        failed = j.numFailedTests + j.numRuntimeErrorTestSuites;
        // This test's own status: 'pending' when it skipped itself (not when -t left it out).
        const own = j.testResults.flatMap((r) => r.assertionResults).find((a) => a.fullName === c.name);
        skipped = own && own.status === 'pending' && passed === 0 ? 1 : 0;
        message = j.testResults.flatMap((r) => [r.message ?? '']).join('\n').slice(0, 600);
      } catch {
        failed = 1;
        message = 'jest printed no JSON';
      }
      // Exactly one test ran and passed: anything else (none matched, or it failed) is a finding —
      // except a test that skips itself (PostgreSQL-only tests without TEST_DATABASE_URL).
      const skip = passed === 0 && failed === 0 && skipped > 0;
      const ok = skip || (passed === 1 && failed === 0);
      resolve({ ...c, ok, skip, ms: Date.now() - started, message: ok ? undefined : message });
    });
  });
}

const results = [];
let next = 0;
async function worker() {
  while (next < cases.length) {
    const c = cases[next++];
    const r = await runAlone(c);
    results.push(r);
    console.log(`${r.skip ? 'skip' : r.ok ? 'ok  ' : 'FAIL'} ${r.file} › ${r.name} (${(r.ms / 1000).toFixed(1)} s)`);
  }
}
await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));

const failed = results.filter((r) => !r.ok);
writeFileSync(
  path.join(cache, 'fw-isolation.json'),
  JSON.stringify({ at: new Date().toISOString(), tests: results.length, failed: failed.length, results }, null, 2),
);
console.log(`\n${results.length - failed.length} of ${results.length} tests pass alone`);
for (const f of failed) console.log(`  FAIL ${f.file} › ${f.name}\n${f.message ?? ''}`);
process.exit(failed.length ? 1 : 0);
