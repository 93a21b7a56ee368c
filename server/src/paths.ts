/**
 * Filesystem locations. This file sits directly in server/src/, and esbuild bundles everything
 * into server/dist/main.cjs: in both cases __dirname is one level below server/, so the same
 * relative paths work from the TypeScript sources (jest) and from the bundle. Keep it here.
 */
import path from 'node:path';

export const SERVER_DIR = path.resolve(__dirname, '..');
export const REPO_ROOT = path.resolve(SERVER_DIR, '..');
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'drizzle');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data', 'pglite');
/** Outgoing mail as .eml files when no SMTP server is configured. */
export const DEFAULT_MAIL_DIR = path.join(REPO_ROOT, '.data', 'mail');
/** The release store (RELEASES_DIR): <remote>/<version>/ holds a published build of a remote. */
export const DEFAULT_RELEASES_DIR = path.join(REPO_ROOT, '.data', 'releases');
