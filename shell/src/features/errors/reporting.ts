/**
 * Error reporting (spec §8: every error, sample rate 1). Sentry is initialised only when a DSN
 * was given at build time (FW_SENTRY_DSN); without one, errors go to the console only.
 */
import * as Sentry from '@sentry/browser';
import { ERROR_SAMPLE_RATE } from '@fieldwatch/shared';

const dsn = process.env.FW_SENTRY_DSN;
let enabled = false;

export function initReporting(): void {
  if (!dsn) return;
  Sentry.init({ dsn, release: process.env.FW_RELEASE, sampleRate: ERROR_SAMPLE_RATE });
  enabled = true;
}

export function reportError(error: unknown, context: Record<string, string | undefined> = {}): void {
  console.error('Fieldwatch:', context, error);
  if (enabled) Sentry.captureException(error, { tags: context });
}
