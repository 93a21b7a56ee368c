/**
 * Remote releases (issue 21 §2; contract/releases.ts): the published versions of each remote and
 * the remote map as data. The map is read from the database on every /remotes.json (one small
 * query, once per page load or navigation), so a switch made on one replica, by the command or the
 * API, is what every replica hands out next: no restart, no cache to invalidate.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { and as sqlAnd, desc, eq, or as sqlOr } from 'drizzle-orm';
import {
  inCanary,
  isReleaseVersion,
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
    canary:
      row?.canaryVersion != null
        ? { version: row.canaryVersion, percent: row.canaryPercent, organizations: row.canaryOrganizations }
        : null,
    previous: row?.previousVersion ?? null,
    releases: releases.map((r) => ({
      version: r.version,
      entry: r.entry,
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

/**
 * Publishes a version. Publishing the same version again with the same entry is a no-op (a retried
 * command); with another entry it is refused: versions are immutable.
 */
export async function publishRelease(
  db: Db,
  name: RemoteName,
  version: string,
  entry: string | undefined,
  settings: ReleaseSettings,
): Promise<{ created: boolean }> {
  const target = releaseEntry(name, version, entry, settings);
  const inserted = await db
    .insert(remoteReleases)
    .values({ remote: name, version, entry: target })
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

/**
 * The remote map for one page: each remote's live version, or its canary for a user in it. No
 * session (the login page, onboarding) = the live versions.
 */
export async function remoteMapFor(
  db: Db,
  settings: ReleaseSettings,
  user: { id: number; organizations: readonly number[] } | null,
): Promise<RemotesMap> {
  const [rows, releases] = await Promise.all([db.select().from(remoteDeployments), liveReleases(db)]);
  const map: RemotesMap = {};
  for (const name of REMOTE_NAMES) {
    const row = rows.find((r) => r.remote === name);
    const mine = releases.filter((r) => r.remote === name);
    const canary =
      row?.canaryVersion != null &&
      inCanary({ percent: row.canaryPercent, organizations: row.canaryOrganizations }, name, user);
    map[name] = entryOf(name, canary ? row!.canaryVersion : (row?.version ?? null), mine, settings);
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
