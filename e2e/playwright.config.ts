import { defineConfig } from '@playwright/test';
import path from 'node:path';

/**
 * Journeys run in Debian's Chromium (Playwright cannot download browsers here) against the
 * production build served by the real server, on a free port, with a fresh in-memory database
 * seeded with the demo data.
 */
const port = Number(process.env.E2E_PORT ?? 3137);
const root = path.resolve(__dirname, '..');

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 1440, height: 900 },
    // A first visit follows the system's colour scheme (issue 23); the journeys are written for the
    // dark default, which a system that asks for dark gets (shell/test/theme-first-visit.test.ts checks the rule).
    colorScheme: 'dark',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `node ${path.join(root, 'server/dist/main.cjs')}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DEMO: '1',
      // The simulator runs (alarms and push are part of the journeys) but the background history
      // backfill does not: the figures and timings of the runs stay comparable.
      SIMULATOR_BACKFILL: '0',
      LOG_LEVEL: 'warn',
      // Weather is on by default (Open-Meteo); the journeys never depend on the internet.
      WEATHER_URL: 'off',
      // No SMTP: mail goes to .eml files here, where password-reset.spec.ts reads the link.
      MAIL_DIR: path.join(__dirname, 'test-results', `mail-${port}`),
      // Notification digests are mailed there too, checked every second (mail-notifications.spec.ts).
      NOTIFY_MAIL: '1',
      NOTIFY_MAIL_TICK_MS: '1000',
      // The partner page of onboarding-embed.spec.ts: another site (localhost, not 127.0.0.1) on the next port.
      PARTNER_ORIGINS: `http://localhost:${port + 1}`,
    },
  },
});
