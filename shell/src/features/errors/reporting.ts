/**
 * Error reporting (every error, sample rate 1). Sentry is initialised only when a DSN
 * was given at build time (FW_SENTRY_DSN); without one, errors go to the console only and Sentry's
 * code is never loaded. With one, it loads in its own chunk beside the first screen (not before it);
 * an error reported meanwhile is sent once it has loaded.
 */
import { ERROR_SAMPLE_RATE } from '@fieldwatch/shared';

type Sentry = typeof import('@sentry/browser');

const dsn = process.env.FW_SENTRY_DSN;
let sentry: Promise<Sentry | null> | null = null;

export function initReporting(): void {
  if (!dsn || sentry) return;
  sentry = import('@sentry/browser').then(
    (S) => {
      S.init({ dsn, release: process.env.FW_RELEASE, sampleRate: ERROR_SAMPLE_RATE });
      return S;
    },
    (e: unknown) => {
      console.warn('Fieldwatch: error reporting could not load', e);
      return null;
    },
  );
}

export function reportError(error: unknown, context: Record<string, string | undefined> = {}): void {
  console.error('Fieldwatch:', context, error);
  void sentry?.then((S) => S?.captureException(error, { tags: context }));
}
