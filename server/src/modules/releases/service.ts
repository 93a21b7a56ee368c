/**
 * Remote releases (issue 21 §2; contract/releases.ts): the published versions of each remote and
 * the remote map as data. The map is read from the database on every /remotes.json (one small
 * query, once per page load or navigation), so a switch made on one replica, by the command or the
 * API, is what every replica hands out next: no restart, no cache to invalidate.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { and as sqlAnd, desc, eq, or as sqlOr } from 'drizzle-orm';
import {
  CONTRACT_VERSION,
  inCanary,
  isReleaseVersion,
  manifestContract,
  satisfiesContract,
  REMOTE_NAMES,
  RELEASE_MESSAGES,
  type RemoteDeploymentView,
  type RemoteName,
  type RemotesMap,
} from '@fieldwatch/shared';
import type { Db } from '../../db/client';
import { remoteDeployments, remoteReleases } from '../../db/schema';
import { HttpError } from '../../http/errors';

/** Where a remote's build in its dist folder is served (the map before any release). */
export function distEntry(name: RemoteName): string {
  return `/remotes/${name}/mf-manifest.json`;
}

/** Where a version in this server's release store is served. */
export function storeEntry(name: RemoteName, version: string): string {
  return `/remotes/${name}/${version}/mf-manifest.json`;
}

/** RELEASES_DIR/<name>/<version>, or null when the version is not a safe path segment. */
export function releaseDir(releasesDir: string, name: RemoteName, version: string): string | null {
  if (!isReleaseVersion(version)) return null;
  return path.join(releasesDir, name, version);
}

export interface ReleaseSettings {
  releasesDir: string;
  /** Origins a release's manifest URL may name (REMOTE_ORIGINS and the REMOTE_URL_* origins). */
  remoteOrigins: readonly string[];
  /** REMOTE_URL_<NAME>: what a remote without a release (or rolled back to "dist") is given. */
  remoteUrls: Partial<Record<RemoteName, string>>;
}

type DeploymentRow = typeof remoteDeployments.$inferSelect;
type ReleaseRow = typeof remoteReleases.$inferSelect;

/** The manifest URL of a remote at `version` (null = its dist build or REMOTE_URL_<NAME>). */
function entryOf(
  name: RemoteName,
  version: string | null,
  releases: ReleaseRow[],
  settings: ReleaseSettings,
): string {
  if (version !== null) {
    const release = releases.find((r) => r.version === version);
    if (release) return release.entry;
  }
  return settings.remoteUrls[name] ?? distEntry(name);
}

function view(
  name: RemoteName,
  row: DeploymentRow | undefined,
  releases: ReleaseRow[],
  settings: ReleaseSettings,
): RemoteDeploymentView {
  const version = row?.version ?? null;
  return {
    remote: name,
    version,
    entry: entryOf(name, version, releases, settings),
    platform: CONTRACT_VERSION,
    canary:
      row?.canaryVersion != null
        ? { version: row.canaryVersion, percent: row.canaryPercent, organizations: row.canaryOrganizations }
        : null,
    previous: row?.previousVersion ?? null,
    releases: releases.map((r) => ({
      version: r.version,
      entry: r.entry,
      contract: r.contract,
      fits: fits(r, CONTRACT_VERSION),
      publishedAt: r.publishedAt.toISOString(),
    })),
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function deploymentOf(
  db: Db,
  name: RemoteName,
  settings: ReleaseSettings,
): Promise<RemoteDeploymentView> {
  const [row] = await db.select().from(remoteDeployments).where(eq(remoteDeployments.remote, name));
  const releases = await db
    .select()
    .from(remoteReleases)
    .where(eq(remoteReleases.remote, name))
    .orderBy(desc(remoteReleases.publishedAt), desc(remoteReleases.version));
  return view(name, row, releases, settings);
}

export async function allDeployments(db: Db, settings: ReleaseSettings): Promise<RemoteDeploymentView[]> {
  return Promise.all(REMOTE_NAMES.map((name) => deploymentOf(db, name, settings)));
}

/**
 * The manifest URL a release is served from: this server's store (its files must be there), or
 * an absolute http(s) URL on one of the allowed remote origins.
 */
function releaseEntry(
  name: RemoteName,
  version: string,
  entry: string | undefined,
  settings: ReleaseSettings,
): string {
  if (entry === undefined) {
    const dir = releaseDir(settings.releasesDir, name, version);
    if (!dir || !isFile(path.join(dir, 'mf-manifest.json')))
      throw new HttpError(400, RELEASE_MESSAGES.filesMissing, 'release_files_missing');
    return storeEntry(name, version);
  }
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    throw new HttpError(400, RELEASE_MESSAGES.originRefused, 'remote_origin_refused');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !settings.remoteOrigins.includes(url.origin))
    throw new HttpError(400, RELEASE_MESSAGES.originRefused, 'remote_origin_refused');
  return url.href;
}

function isFile(file: string): boolean {
  try {
    return existsSync(file) && statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The contract range in a release's manifest in the store (null: unreadable or none). */
function storedContract(settings: ReleaseSettings, name: RemoteName, version: string): string | null {
  const dir = releaseDir(settings.releasesDir, name, version);
  if (!dir) return null;
  try {
    return manifestContract(JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8')));
  } catch {
    return null;
  }
}

/**
 * Publishes a version. Publishing the same version again with the same entry is a no-op (a retried
 * command); with another entry it is refused: versions are immutable. The contract the build needs
 * is the one given, else (a build in the store) the one its manifest declares, else unknown.
 */
export async function publishRelease(
  db: Db,
  name: RemoteName,
  version: string,
  entry: string | undefined,
  contract: string | undefined,
  settings: ReleaseSettings,
): Promise<{ created: boolean }> {
  const target = releaseEntry(name, version, entry, settings);
  const needs = contract ?? (entry === undefined ? storedContract(settings, name, version) : null);
  const inserted = await db
    .insert(remoteReleases)
    .values({ remote: name, version, entry: target, contract: needs })
    .onConflictDoNothing()
    .returning({ version: remoteReleases.version });
  if (inserted.length > 0) return { created: true };
  const [existing] = await db
    .select({ entry: remoteReleases.entry })
    .from(remoteReleases)
    .where(eqRelease(name, version));
  if (existing?.entry !== target) throw new HttpError(409, RELEASE_MESSAGES.versionExists, 'release_exists');
  return { created: false };
}

function eqRelease(name: RemoteName, version: string) {
  return sqlAnd(eq(remoteReleases.remote, name), eq(remoteReleases.version, version));
}

async function assertPublished(db: Db, name: RemoteName, version: string): Promise<void> {
  const [row] = await db
    .select({ v: remoteReleases.version })
    .from(remoteReleases)
    .where(eqRelease(name, version));
  if (!row) throw new HttpError(404, RELEASE_MESSAGES.unknownVersion, 'release_unknown');
}

export interface CanaryInput {
  version: string;
  percent: number;
  organizations: number[];
}

/**
 * Switches the live version (null = the dist build) and sets or ends the canary (left out = as it
 * is, unless the canary's version just went live: then it ends). The version live before becomes
 * what a roll back returns to, unless the switch changes nothing.
 */
export async function deploy(
  db: Db,
  name: RemoteName,
  version: string | null,
  canary: CanaryInput | null | undefined,
): Promise<void> {
  if (version !== null) await assertPublished(db, name, version);
  if (canary) await assertPublished(db, name, canary.version);
  await db.transaction(async (tx) => {
    const row = await lockedDeployment(tx, name);
    const current = row?.version ?? null;
    const keepCanary = canary === undefined && row?.canaryVersion != null && row.canaryVersion !== version;
    const next = {
      version,
      previousVersion: current !== version ? current : (row?.previousVersion ?? null),
      canaryVersion: canary ? canary.version : keepCanary ? row!.canaryVersion : null,
      canaryPercent: canary ? canary.percent : keepCanary ? row!.canaryPercent : 0,
      canaryOrganizations: canary
        ? [...new Set(canary.organizations)]
        : keepCanary
          ? row!.canaryOrganizations
          : [],
      updatedAt: new Date(),
    };
    await tx
      .insert(remoteDeployments)
      .values({ remote: name, ...next })
      .onConflictDoUpdate({ target: remoteDeployments.remote, set: next });
  });
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The remote's deployment row, locked for the rest of the transaction (undefined: none yet). */
async function lockedDeployment(tx: Tx, name: RemoteName): Promise<DeploymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(remoteDeployments)
    .where(eq(remoteDeployments.remote, name))
    .for('update');
  return row;
}

/** Back to the version live before the last switch; the canary ends. */
export async function rollback(db: Db, name: RemoteName): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockedDeployment(tx, name);
    if (!row || row.version === row.previousVersion)
      throw new HttpError(409, RELEASE_MESSAGES.nothingToRollBack, 'nothing_to_roll_back');
    await tx
      .update(remoteDeployments)
      .set({
        version: row.previousVersion,
        previousVersion: row.version,
        canaryVersion: null,
        canaryPercent: 0,
        canaryOrganizations: [],
        updatedAt: new Date(),
      })
      .where(eq(remoteDeployments.remote, name));
  });
}

/** Whether a page on platform contract `platform` can mount the release (an unknown range fits). */
function fits(release: Pick<ReleaseRow, 'contract'>, platform: string): boolean {
  return release.contract === null || satisfiesContract(platform, release.contract);
}

/**
 * The version a page on `platform` gets instead of `chosen` when `chosen` needs a newer contract
 * (issue 21 §3): the version live before it if that fits, else the newest release published before
 * `chosen` that fits, else the dist build shipped with the platform (null).
 */
async function fallbackFor(
  db: Db,
  name: RemoteName,
  chosen: ReleaseRow,
  previous: string | null,
  platform: string,
): Promise<ReleaseRow | null> {
  const all = await db
    .select()
    .from(remoteReleases)
    .where(eq(remoteReleases.remote, name))
    .orderBy(desc(remoteReleases.publishedAt), desc(remoteReleases.version));
  const before = all.find((r) => r.version === previous);
  if (before && fits(before, platform)) return before;
  return all.find((r) => r.publishedAt <= chosen.publishedAt && r.version !== chosen.version && fits(r, platform)) ?? null;
}

/**
 * The remote map for one page: each remote's live version, or its canary for a user in it, unless
 * that version needs a newer platform contract than the page's (`platform`, what its shell
 * reported; this server's own by default): then the newest deployed version that fits. No session
 * (the login page, onboarding) = the live versions.
 */
export async function remoteMapFor(
  db: Db,
  settings: ReleaseSettings,
  user: { id: number; organizations: readonly number[] } | null,
  platform: string = CONTRACT_VERSION,
): Promise<RemotesMap> {
  const [rows, releases] = await Promise.all([db.select().from(remoteDeployments), liveReleases(db)]);
  const map: RemotesMap = {};
  for (const name of REMOTE_NAMES) {
    const row = rows.find((r) => r.remote === name);
    const mine = releases.filter((r) => r.remote === name);
    const canary =
      row?.canaryVersion != null &&
      inCanary({ percent: row.canaryPercent, organizations: row.canaryOrganizations }, name, user);
    const version = canary ? row!.canaryVersion : (row?.version ?? null);
    const chosen = mine.find((r) => r.version === version);
    if (chosen && !fits(chosen, platform)) {
      const fallback = await fallbackFor(db, name, chosen, row?.previousVersion ?? null, platform);
      map[name] = fallback ? fallback.entry : entryOf(name, null, mine, settings);
    } else {
      map[name] = entryOf(name, version, mine, settings);
    }
  }
  return map;
}

/** The releases a deployment names (live or canary): the few rows the map needs. */
async function liveReleases(db: Db): Promise<ReleaseRow[]> {
  return db
    .select({
      remote: remoteReleases.remote,
      version: remoteReleases.version,
      entry: remoteReleases.entry,
      contract: remoteReleases.contract,
      publishedAt: remoteReleases.publishedAt,
    })
    .from(remoteReleases)
    .innerJoin(
      remoteDeployments,
      sqlAnd(
        eq(remoteDeployments.remote, remoteReleases.remote),
        sqlOr(
          eq(remoteDeployments.version, remoteReleases.version),
          eq(remoteDeployments.canaryVersion, remoteReleases.version),
        ),
      ),
    );
}
