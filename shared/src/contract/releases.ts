/**
 * Remote releases (issue 21 §2): each remote's builds are published as immutable versions
 * (/remotes/<name>/<version>/… on this server, or a URL on a CDN), and the remote map that the
 * shell reads (/remotes.json) is data kept by the server: which version of each remote is live,
 * which one is in canary for a share of users or for named organisations, and which one a roll
 * back returns to. Operators change it with `npm run release` or these endpoints, authenticated by
 * the deploy key (RELEASE_KEY, `Authorization: Bearer`), never by a user's session: a SuperUser
 * administers organisations, not the platform every organisation runs.
 */
import * as T from 'typebox';
import { REMOTE_NAMES, type RemoteName } from '../areas';
import { Nullable, StringEnum } from './common';
import { CONTRACT_RANGE_PATTERN } from './version';

/**
 * A release version: a semver-like label of letters, digits, dots, dashes and pluses, starting
 * with a letter or a digit ("1.4.0", "2026-11-27.3", "1.5.0-rc.1+abc123"). It is a path segment
 * of the release's files, so nothing else is allowed.
 */
export const RELEASE_VERSION_PATTERN = '^[0-9A-Za-z][0-9A-Za-z.+-]{0,63}$';
const VERSION_RE = new RegExp(RELEASE_VERSION_PATTERN);

export function isReleaseVersion(value: string): boolean {
  return VERSION_RE.test(value) && !value.includes('..');
}

export const ReleaseVersion = T.String({ title: 'Version', pattern: RELEASE_VERSION_PATTERN, maxLength: 64 });

export const RemoteNameParams = T.Object({ name: StringEnum(REMOTE_NAMES) });

/**
 * POST /api/v3/platform/remotes/:name/releases: a version of the remote becomes known. Without
 * `entry` its files are this server's release store (RELEASES_DIR/<name>/<version>/, copied there
 * by `npm run release`); with it, the absolute URL of its mf-manifest.json on a remote host, whose
 * origin must be one of REMOTE_ORIGINS (the Content-Security-Policy allows exactly those).
 */
export const PublishReleaseBody = T.Object({
  version: ReleaseVersion,
  entry: T.Optional(T.String({ title: 'Manifest URL', minLength: 1, maxLength: 2000 })),
  /**
   * The platform contract the build needs (its manifest's requiredVersion of @fieldwatch/shared,
   * e.g. "^1.1.0"; issue 21 §3). Read from the manifest in the release store when left out; for a
   * manifest URL, `npm run release` reads and sends it. Unknown (null) counts as compatible.
   */
  contract: T.Optional(T.String({ title: 'Contract range', pattern: CONTRACT_RANGE_PATTERN, maxLength: 40 })),
});

/**
 * GET /remotes.json?contract=<version>: the shell says which platform contract it offers (its
 * CONTRACT_VERSION), so a remote whose live version needs a newer one is replaced, for this page,
 * by the newest deployed version that fits (the one before it, else an older release, else the
 * dist build shipped with the platform).
 */
export const REMOTES_CONTRACT_PARAM = 'contract';

/** The share of users (0–100) and the organisations that get the canary version. */
export const CanarySettings = T.Object({
  version: ReleaseVersion,
  percent: T.Integer({ title: 'Share of users', minimum: 0, maximum: 100 }),
  organizations: T.Array(T.Integer({ minimum: 1 }), { maxItems: 1000, default: [] }),
});

/**
 * PUT /api/v3/platform/remotes/:name/deployment: the version everybody gets, and optionally a
 * canary. `version: null` goes back to the build in the remote's dist folder (the default before
 * any release). Every version named must have been published.
 */
export const DeploymentBody = T.Object({
  version: Nullable(ReleaseVersion),
  canary: T.Optional(Nullable(CanarySettings)),
});

export interface RemoteRelease {
  version: string;
  /** The manifest URL the shell is given: a path on this server, or an absolute URL. */
  entry: string;
  /** The platform contract range the build needs (null: not known). */
  contract: string | null;
  /** Whether pages on this server's platform contract can mount it (unknown counts as yes). */
  fits: boolean;
  publishedAt: string;
}

export interface RemoteCanary {
  version: string;
  percent: number;
  organizations: number[];
}

export interface RemoteDeploymentView {
  remote: RemoteName;
  /** The live version; null = the build in the remote's dist folder (or REMOTE_URL_<NAME>). */
  version: string | null;
  /** The manifest URL everybody outside the canary gets now. */
  entry: string;
  /**
   * This server's platform contract (CONTRACT_VERSION); a release whose `contract` it misses is
   * not given to its pages: they keep the newest version that fits.
   */
  platform: string;
  canary: RemoteCanary | null;
  /** What a roll back returns to (the version live before the last switch; null = dist). */
  previous: string | null;
  /** Known versions, newest first. */
  releases: RemoteRelease[];
  updatedAt: string | null;
}

/**
 * Whether a user is in a remote's canary: a member of one of its organisations, or one of the
 * `percent` in 100 users picked by a stable hash of remote and user (so a user keeps the version he
 * was given from one page load to the next, and each remote picks its own share).
 */
export function inCanary(
  canary: Pick<RemoteCanary, 'percent' | 'organizations'>,
  remote: RemoteName,
  user: { id: number; organizations: readonly number[] } | null,
): boolean {
  if (!user) return false;
  if (canary.organizations.some((o) => user.organizations.includes(o))) return true;
  return canaryBucket(remote, user.id) < canary.percent;
}

/** 0–99 from FNV-1a of "<remote>:<user id>". */
export function canaryBucket(remote: string, userId: number): number {
  let h = 0x811c9dc5;
  for (const ch of `${remote}:${userId}`) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 100;
}

export const RELEASE_MESSAGES = {
  keyMissing:
    'Releases are turned off on this server: set RELEASE_KEY in its environment, then send it as Authorization: Bearer <key>.',
  keyWrong:
    'The deploy key is missing or wrong. Send the server’s RELEASE_KEY as Authorization: Bearer <key>.',
  versionExists:
    'This version of the remote is already published with other files. Versions are immutable: publish a new version.',
  unknownVersion:
    'This version of the remote has not been published. Publish it first (npm run release -- <remote> <version>).',
  filesMissing:
    'The release store has no files for this version (RELEASES_DIR/<remote>/<version>/mf-manifest.json). Copy the build there first, or give the manifest URL.',
  originRefused:
    'The manifest URL is not on an allowed remote origin. Add its origin to REMOTE_ORIGINS (the Content-Security-Policy allows only those), or serve the release from this server.',
  nothingToRollBack: 'There is no earlier version of this remote to roll back to.',
} as const;

/**
 * The header of /remotes.json that carries how long an area's code may take to load, all files and
 * retries together, before the area says it is unavailable (the server's AREA_LOAD_TIMEOUT_MS;
 * issue 21 §4). It travels with the map it governs.
 */
export const AREA_TIMEOUT_HEADER = 'x-area-load-timeout-ms';
export const DEFAULT_AREA_LOAD_TIMEOUT_MS = 20_000;
export const AREA_LOAD_TIMEOUT_RANGE = { min: 2_000, max: 120_000 } as const;
