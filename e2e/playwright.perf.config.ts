/**
 * Performance measurements (e2e/perf): the journeys' setup — production build, real server on a
 * fresh in-memory demo database, Debian's Chromium — with the perf folder and longer timeouts.
 * They write JSON figures to e2e/perf/results/; budgets are asserted only with PERF_ASSERT=1.
 * Tracing is off: the journeys' `retain-on-failure` records every run, which inflated LCP 2-3× and
 * TBT many times over (issue 22) — the figures measured the tracer.
 */
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

export default defineConfig({
  ...base,
  testDir: './perf',
  timeout: 180_000,
  retries: 0,
  reporter: [['list']],
  use: { ...base.use, trace: 'off' },
});
